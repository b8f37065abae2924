import Foundation

/// The kinds of cell in the simulated feed, by what one template layout of them costs.
package enum CellKind: Int, CaseIterable, Hashable, Sendable {
    /// A line or two of text: a settings row, a contact.
    case simple
    /// Several paragraphs of wrapped text.
    case textHeavy
    /// Text, a picture, nested stacks.
    case complex
}

/// What one template layout (configure + `systemLayoutSizeFitting`) costs per cell kind,
/// in nanoseconds. The defaults are the issue's: 0.2 ms, 1 ms, 2.5 ms.
package struct LayoutCostTable: Hashable, Sendable {
    package var simple: UInt64
    package var textHeavy: UInt64
    package var complex: UInt64

    /// Creates a table; the defaults are issue 20's figures.
    package init(simple: UInt64 = 200_000, textHeavy: UInt64 = 1_000_000, complex: UInt64 = 2_500_000) {
        self.simple = simple
        self.textHeavy = textHeavy
        self.complex = complex
    }

    /// The cost of one layout of a cell of `kind`.
    package func cost(of kind: CellKind) -> UInt64 {
        switch kind {
        case .simple: simple
        case .textHeavy: textHeavy
        case .complex: complex
        }
    }
}
