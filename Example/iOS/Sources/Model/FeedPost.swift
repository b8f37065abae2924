#if canImport(UIKit)
/// One post of the demo feed: what a ``FeedCell`` shows.
///
/// A value type: the feed's rows are snapshots, so a post edited in the model never
/// changes under a cell that is being measured or displayed.
struct FeedPost: Identifiable, Hashable, Sendable {
    /// Stable identity, kept while the post moves between rows and sections; the key of
    /// the keyed height cache.
    let id: Int
    /// The name on the author line.
    let author: String
    /// The handle after the name, without the `@`.
    let handle: String
    /// The text: one to eight sentences, so heights vary from row to row.
    var body: String
    /// The picture's width over its height, or `nil` for a post without a picture.
    let imageAspectRatio: Double?
    /// Counts shown in the footer.
    let likes: Int
    let comments: Int
    /// How many times the post was edited; an edit lengthens the body and so the height.
    var revision: Int

    /// The author line, e.g. `Ada Lovelace @adal`.
    var authorLine: String { "\(author) @\(handle)" }

    /// The footer line, e.g. `1204 likes · 37 comments · edited`.
    var footerLine: String {
        "\(likes) likes · \(comments) comments" + (revision > 0 ? " · edited \(revision)×" : "")
    }
}
#endif
