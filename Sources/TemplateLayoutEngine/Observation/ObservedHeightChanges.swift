import Foundation

/// What one ``ObservedHeights/applyChanges()`` did.
package struct ObservedHeightChanges: Equatable {
    /// The rows whose heights were forgotten, in the order their changes came.
    package var forgotten: [HeightCacheKey] = []
    /// Changes of rows tracked by position before the table's rows last changed: ignored,
    /// as the position may name another row now.
    package var ignoredAfterMoves = 0
    /// Changes whose tracking was retired (the row measured again, or its height forgotten).
    package var ignoredAsRetired = 0

    /// Creates an empty result.
    package init() {}

    /// Whether heights were forgotten, so the table must be asked for heights again.
    package var asksForHeights: Bool { !forgotten.isEmpty }
}
