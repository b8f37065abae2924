import Foundation

/// When to fetch the next batch of content, by Texture's rule: when what is left to scroll
/// is within a few screens of the end.
///
/// Vertical or horizontal: offsets and lengths along the scroll axis (see ``ScrollGeometry``).
///
/// Texture's rule, against the usual threshold rules (fetch when 70 % of the
/// content has been scrolled, or 70 % of the latest page): the distance left is measured in
/// screens, so it does not drift as the content grows (70 % of 50 pages fires 15 pages from
/// the end), nor depend on the page size or row heights; it never fires while a fetch runs or
/// while scrolling back toward the start; and it always fires when the content is shorter than
/// the screen, where no scrolling will ever reach a threshold.
package struct BatchFetchingPolicy: Hashable, Sendable {
    /// Fetch when no more than this many screens are left past the viewport. Texture's
    /// default is 2; 0 or less (or not finite) turns batch fetching off.
    package var leadingScreens: CGFloat

    /// Creates a policy.
    package init(leadingScreens: CGFloat = 2) {
        self.leadingScreens = leadingScreens
    }

    /// Whether to start fetching the next batch.
    ///
    /// - Parameters:
    ///   - contentLength: The content's length along the scroll axis.
    ///   - viewportLength: The visible length along the scroll axis.
    ///   - targetOffset: Where scrolling will stop (`scrollViewWillEndDragging`'s target
    ///     content offset), or the current offset.
    ///   - direction: The scroll direction; toward the start never fetches.
    ///   - isFetching: Whether a fetch is running; if so, never.
    /// - Returns: `true` when the next batch should be fetched now.
    ///
    /// Bad input: non-finite or negative lengths and offsets never fetch.
    package func shouldFetch(
        contentLength: CGFloat, viewportLength: CGFloat, targetOffset: CGFloat,
        direction: ScrollDirection, isFetching: Bool
    ) -> Bool {
        guard leadingScreens.isFinite, leadingScreens > 0, !isFetching, direction != .towardStart else { return false }
        guard contentLength.isFinite, viewportLength.isFinite, targetOffset.isFinite,
              contentLength >= 0, viewportLength > 0 else { return false }
        if contentLength < viewportLength { return true }
        let remaining = contentLength - viewportLength - targetOffset
        return remaining <= viewportLength * leadingScreens
    }
}
