#if canImport(UIKit)
/// One section of the demo feed: a day's posts under a header with a title and a summary
/// of varied length (so headers differ in height too).
///
/// Sections are never inserted or deleted by the demo's buttons; a section may become
/// empty, and keeps its header.
struct FeedSection: Identifiable, Hashable, Sendable {
    /// The section's position when the feed was made; stable.
    let id: Int
    /// E.g. `Today`, `Yesterday`, `3 days ago`.
    let title: String
    /// One or more sentences under the title.
    let summary: String
    /// The posts, newest first.
    var posts: [FeedPost]
}
#endif
