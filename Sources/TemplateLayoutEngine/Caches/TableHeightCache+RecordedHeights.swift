import Foundation

/// Where an estimated height came from: the first of four sources that had one.
package enum EstimateSource: Hashable, Sendable, CustomStringConvertible {
    /// The row's own height: recorded from UIKit's layout, measured from a template, or
    /// persisted by an earlier launch. The row will not jump.
    case rowHeight
    /// The median of the first heights recorded or measured for the row's cell identifier
    /// in the current layout context.
    case identifierMedian
    /// The table's own estimate (`estimatedRowHeight`).
    case tableEstimate
    /// The cache's ``TableHeightCache/fallbackHeight``: nothing better was known.
    case fallback

    package var description: String {
        switch self {
        case .rowHeight: "the row's height"
        case .identifierMedian: "the identifier's median"
        case .tableEstimate: "the table's estimate"
        case .fallback: "the fallback height"
        }
    }
}

/// An estimated height and its source.
package struct RowEstimate: Hashable, Sendable {
    /// The height to answer from `estimatedHeightForRowAt`.
    package var height: CGFloat
    /// Where it came from.
    package var source: EstimateSource
}

extension TableHeightCache {
    /// Records the height UIKit gave a displayed row, so that the row's estimate is exact
    /// from then on: the next `reloadData`, the next launch (with ``persistence``), a
    /// skeleton row for the same key.
    ///
    /// Apps that size rows with `UITableView.automaticDimension` call this (through the UIKit
    /// layer) from `tableView(_:willDisplay:forRowAt:)`: UIKit sets the cell's frame before
    /// it sends that message ("After the delegate returns, the table view sets only the alpha
    /// and frame properties, and then only when animating rows as they slide in or out").
    ///
    /// A recorded height is an ordinary cached height: it follows updates when keyed by
    /// index path, is forgotten by ``invalidateHeight(forKey:)``, observed-model changes and
    /// reconfigures, persists when keyed, and is what a template request for the same key
    /// answers. It replaces the height cached for `key`, since a row UIKit sizes may change
    /// height (an expanded cell) with no call the cache sees; but not a height a template
    /// request for `key` answered last (``lastTemplateAnswer``): that row's `heightForRowAt`
    /// answered from the cache and added to it, and recording the sum would add again at
    /// every display. That is reported, and nothing is recorded.
    ///
    /// `identifier`, the row's cell reuse identifier, also records the height in the
    /// identifier's samples, whose median estimates the rows of that identifier not yet seen:
    /// once per row and height (a row shown again at its height is no new sample), and never
    /// for a `key` of `.none` (nothing tells such a row from one shown before).
    ///
    /// Bad input: a height that is negative, NaN or infinite is reported and not recorded;
    /// nothing is recorded while the context has no width (a table not laid out yet), nor by
    /// position while a batch of updates is open (positions name nothing yet).
    ///
    /// - Returns: Whether the height was recorded.
    /// - Complexity: O(1) amortised; with an identifier, O(1) or O(64) when its samples evict
    ///   the oldest identifier.
    @discardableResult
    package func recordDisplayedHeight(_ height: CGFloat, for key: HeightCacheKey, identifier: String? = nil) -> Bool {
        guard height.isFinite && height >= 0 else {
            indexPaths.report("UIKit gave \(key) a height of \(HeightFormat.string(height)), which is not a height; not recorded")
            return false
        }
        guard context.isMeasurable else {
            log.trace("not recording \(key): the table has no width yet")
            return false
        }
        // A row nothing names (a diffable data source's index path) cannot be told from one
        // shown before: sampled, a row scrolled over ten times would count ten times.
        if case .none = key {
            log.trace("not recording a row cached by nothing")
            return false
        }
        // A row shown again at its height: nothing to store (no disk write per scroll frame),
        // and no sample (a row shown ten times is one row, not ten, in its identifier's median).
        let cached = peekHeight(for: key)
        // UIKit asks a row's height right before it displays the row: only the request just
        // before this recording is about this row, so it is forgotten here (review 21f, F2).
        let answeredByTemplate = lastTemplateAnswer == key
        lastTemplateAnswer = nil
        if cached == height { return true }
        // The row's heightForRowAt just answered from a template, cached or not, and UIKit
        // gave another height: the app adds to the template's answer. Recorded, the next
        // answer would add again, and the row would grow at every display (reviews 21d D2,
        // 21f F3).
        if answeredByTemplate {
            let answered = cached.map { HeightFormat.string($0) } ?? "a height it did not cache"
            log.problem("not recording \(key): heightForRowAt answered \(answered) from a template, UIKit gave \(HeightFormat.string(height)); record only rows that size themselves, or answer the template's height unchanged")
            return false
        }
        if let identifier { recordSample(height, identifier: identifier) }
        if key.namesPosition, indexPaths.hasOpenBatch {
            log.trace("not recording \(key) inside an open batch: its position names no row yet")
            return false
        }
        log.trace("recorded \(key) - \(HeightFormat.string(height))")
        store(height, for: key)
        recordedHeights += 1
        return true
    }

    /// The height to answer from `tableView(_:estimatedHeightForRowAt:)`, from the first of
    /// four sources that has one:
    ///
    /// 1. the row's own height: cached (recorded or measured) for `key` in the current
    ///    context, or persisted by an earlier launch (read from the store's memory, never
    ///    waiting for the disk);
    /// 2. the median of the first 32 heights recorded or measured for `identifier` in the
    ///    current context (``IdentifierHeightSamples/settledMedian(identifier:context:)``), or
    ///    the one an earlier launch settled and persisted: settled, not live, because UIKit
    ///    moves the content offset by every change of the estimates above its first visible
    ///    row;
    /// 3. `tableEstimate`, the table's `estimatedRowHeight`, when it is a height (positive
    ///    and finite: UIKit's `automaticDimension` is -1);
    /// 4. ``fallbackHeight``.
    ///
    /// Seen rows thus never jump when they come into view again, and the content size is
    /// exact for seen content. Nothing here counts as a lookup, measures or writes: the
    /// statistics keep describing real rows.
    ///
    /// Bad input: none; a `key` of `.none` skips source 1.
    ///
    /// - Complexity: O(1) on average: a settled median is kept, not computed.
    package func estimate(for key: HeightCacheKey, identifier: String? = nil, tableEstimate: CGFloat? = nil) -> RowEstimate {
        if let height = peekHeight(for: key) ?? peekPersistedHeight(for: key) {
            return RowEstimate(height: height, source: .rowHeight)
        }
        if let identifier, let median = samples.settledMedian(identifier: identifier, context: context) ?? peekPersistedHeight(for: .key(Self.settledMedianKey(identifier))) {
            return RowEstimate(height: median, source: .identifierMedian)
        }
        if let tableEstimate, tableEstimate.isFinite, tableEstimate > 0 {
            return RowEstimate(height: tableEstimate, source: .tableEstimate)
        }
        return RowEstimate(height: fallbackHeight, source: .fallback)
    }

    /// Records a height in `identifier`'s samples; the moment its median settles, persists
    /// the median too (with ``persistence``), so the next launch estimates unseen rows with it
    /// from its first refresh: learned again, it would change every unseen row's estimate once
    /// more, and UIKit would move its offset by all of it.
    ///
    /// - Complexity: O(1), or O(*k* log *k*) for the *k* = 32 heights of a median settling.
    package func recordSample(_ height: CGFloat, identifier: String) {
        samples.record(height, identifier: identifier, context: context)
        // Written when it settles, and again whenever the store lost it since (an
        // invalidation of every keyed height, a resize that recorded nothing): one memory
        // read per new row's height, no write once it is there.
        guard let median = samples.settledMedian(identifier: identifier, context: context) else { return }
        let key = Self.settledMedianKey(identifier)
        if peekPersistedHeight(for: .key(key)) != median { persist(median, forKey: key) }
    }

    /// The key a settled median persists under, beside the app's keys in the same file: a
    /// string no app key spells (it starts with a control character).
    static func settledMedianKey(_ identifier: String) -> AnyHashable {
        AnyHashable("\u{1}TemplateLayoutCell.settledMedian." + identifier)
    }

    /// A keyed height persisted by an earlier launch, read without storing it in the keyed
    /// cache (an estimate is no lookup).
    private func peekPersistedHeight(for key: HeightCacheKey) -> CGFloat? {
        guard case .key(let key) = key, context.isPersistable else { return nil }
        return persistence?.height(forKey: key, in: context)
    }
}
