import Foundation
import TemplateLayoutEngine

extension ReferenceTable {
    /// The height a cell showing `item` would measure in `context` (for a height-fixed
    /// context, the width it would measure): what the cache must return for the row, or
    /// item, if it returns anything.
    ///
    /// A deterministic hash of the item's id and revision and the context's fixed dimension
    /// and length, display scale and text size, spread over 20..<500 points with 53 bits of
    /// precision, so that two different items (or one item in two contexts, or before and
    /// after a reload) almost surely differ and a height served for the wrong row shows.
    ///
    /// Bad input: none; every item and context gives a finite positive height.
    ///
    /// - Complexity: O(*k*) in the length of the content size category's raw value.
    public static func trueHeight(of item: ReferenceItem, in context: LayoutContext) -> CGFloat {
        var hash = SeededRandom.mix(UInt64(bitPattern: Int64(item.id)) ^ 0x243F_6A88_85A3_08D3)
        hash = SeededRandom.mix(hash ^ UInt64(bitPattern: Int64(item.revision)))
        // A width-fixed context hashes as it always did; a height-fixed one of the same
        // length must differ, or a length served across dimensions would pass unseen.
        hash = SeededRandom.mix(hash ^ UInt64(bitPattern: Int64(context.lengthInPixels)))
        if context.fixedDimension == .height { hash = SeededRandom.mix(hash ^ 0x1319_8A2E_0370_7344) }
        hash = SeededRandom.mix(hash ^ Double(context.displayScale).bitPattern)
        hash = SeededRandom.mix(hash ^ stableHash(context.contentSizeCategory.rawValue))
        let unit = Double(hash >> 11) * 0x1p-53
        return CGFloat(20 + unit * 480)
    }

    /// The true height of the item at an index path in `context`.
    ///
    /// Bad input: an index path where the table has no row (out of range, negative, or
    /// not a section and a row) gives `nil`.
    ///
    /// - Complexity: as ``trueHeight(of:in:)``.
    public func trueHeight(at indexPath: IndexPath, in context: LayoutContext) -> CGFloat? {
        item(at: indexPath).map { Self.trueHeight(of: $0, in: context) }
    }

    /// FNV-1a over UTF-8: `String.hashValue` is seeded per process, which would make
    /// heights, and so failures, differ from run to run.
    private static func stableHash(_ string: String) -> UInt64 {
        string.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }
}
