import Foundation

extension ScrollGeometry {
    /// The same scroll view read from its other end: the insets swap, and offsets count from
    /// the end of the content (``reversedOffset(_:)``).
    ///
    /// For a horizontal axis whose items run right to left (a collection view layout that
    /// flips in a right-to-left interface): its first items sit at the right end of the
    /// content, so "toward the end" is toward smaller offsets. Read reversed, the rules that
    /// speak of a start and an end (batch fetching, the precache's direction) hold as they
    /// are. Reading twice gives the geometry back.
    package var reversed: ScrollGeometry {
        ScrollGeometry(contentLength: contentLength, boundsLength: boundsLength, insetTop: insetBottom, insetBottom: insetTop)
    }

    /// `offset` counted from the other end of the content: `contentLength - boundsLength -
    /// offset`, so that the offsets the reversed geometry allows (``offsetRange``) are the
    /// images of the ones this one allows, ends swapped. Its own inverse.
    ///
    /// Bad input: a non-finite offset stays non-finite (the rules then never fetch).
    package func reversedOffset(_ offset: CGFloat) -> CGFloat {
        contentLength - boundsLength - offset
    }
}
