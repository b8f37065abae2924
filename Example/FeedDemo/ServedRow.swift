import Foundation
import TemplateLayoutEngine

/// One height a table asked, beside what FDTemplateLayoutCell's algorithm, replayed on the
/// same session, answered for it: the stale-heights picture draws these.
struct ServedRow {
    let section: Int
    let row: Int
    /// The entry the table showed at that row.
    let entry: FeedEntry
    /// The layout context the height was asked in.
    let context: LayoutContext
    /// This engine's answer (the table's cache, checked by ``HeightVerifier``).
    let height: CGFloat
    /// FD's answer, `nil` once FD would have crashed.
    let fdHeight: CGFloat?
    /// A fresh layout of the entry: the true height.
    let freshHeight: CGFloat
}
