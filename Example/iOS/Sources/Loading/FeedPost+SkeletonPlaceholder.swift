#if canImport(UIKit)
extension FeedPost {
    /// What a skeleton row's cell is configured with before it is measured and mapped: a
    /// typical post (a two-word name, three sentences, no picture), so the skeleton's text
    /// bars and its height look like a real post's. Its text never shows: the skeleton
    /// covers it.
    static let skeletonPlaceholder = FeedPost(
        id: -1, author: "Placeholder Author", handle: "placeholder",
        body: "A sentence about as long as the ones in the feed. Another one that wraps. "
            + "And a third, so the body takes the lines a typical post takes.",
        imageAspectRatio: nil, likes: 0, comments: 0, revision: 0)
}
#endif
