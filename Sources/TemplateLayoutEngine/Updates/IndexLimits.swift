/// The largest indexes the index-path cache stores; anything at or past them is out of
/// range.
///
/// Storage grows to the highest index stored, so an absurd index (a row of
/// `Int.max`, from a corrupted model) would otherwise ask for absurd memory. The limits
/// are far past what `UITableView` can scroll through: a million sections, and sixteen
/// million rows in one section.
package enum IndexLimits {
    /// Sections at this index or past it are out of range: 2^20.
    package static let sections = 1 << 20
    /// Rows at this index or past it are out of range: 2^24.
    package static let rows = 1 << 24
}
