#if canImport(UIKit)
import UIKit

/// Draws one skeleton show over its cells, table or collection view alike: decorates each
/// cell (its content made transparent, an overlay of parts on top), maps each cell's parts
/// once per key (or finds them in the shared layout cache), and cleans every decorated cell
/// when the show ends, including those waiting for reuse.
@MainActor
final class SkeletonCellPainter {
    /// Style, colours, durations.
    let appearance: SkeletonAppearance
    /// Where mapped layouts are shared between shows; `nil` maps them on every show.
    let layoutCache: SkeletonLayoutCache?
    /// Whether the show let its placeholder go: cells mapped after that are not stored in
    /// the shared layout cache (their labels are empty).
    var placeholderWasDropped = false
    /// Every cell given an overlay, with what it was before, so each is cleaned when the
    /// skeleton hides, including those sitting in the reuse queue, which would otherwise
    /// come back with a skeleton over real content. Weak keys: a cell UIKit let go of needs
    /// no cleaning.
    private let decoratedCells = NSMapTable<UIView, SkeletonCellDecoration>.weakToStrongObjects()
    /// Layouts used during this show, by key: mapped here, or found in the shared cache.
    private var mappedLayouts: [SkeletonLayoutKey: SkeletonLayout] = [:]
    /// The keys whose load this show counted in the layout cache: each once.
    private var recordedLoads: Set<SkeletonLayoutKey> = []

    init(appearance: SkeletonAppearance, layoutCache: SkeletonLayoutCache?) {
        self.appearance = appearance
        self.layoutCache = layoutCache
    }

    /// The decoration of `cell`, made on its first show; its content is given back first,
    /// since a reused cell's content was made transparent by this show and the mapping
    /// skips transparent views. Call before the placeholder configures the cell.
    func prepare(_ cell: some SkeletonHostCell) -> SkeletonCellDecoration {
        let decoration = decoratedCells.object(forKey: cell) ?? SkeletonCellDecoration(cell)
        decoration.restoreContent()
        return decoration
    }

    /// Draws the skeleton over `cell`, already configured by the placeholder, framed at its
    /// item size and laid out: records it for cleaning, takes its touches and accessibility,
    /// maps it under `key` (or reuses the layout), puts the overlay on top and hides the
    /// content under it.
    ///
    /// - Parameters:
    ///   - isResizingInteractively: whether the window is being resized: its widths are
    ///     passing, so nothing is shared or counted.
    ///   - onGeometryChange: called when the overlay's size or text size changes.
    func paint(
        _ cell: some SkeletonHostCell, decoration: SkeletonCellDecoration, key: SkeletonLayoutKey, log: DebugLog,
        isResizingInteractively: Bool, onGeometryChange: @escaping @MainActor () -> Void
    ) {
        decoratedCells.setObject(decoration, forKey: cell)
        cell.isUserInteractionEnabled = false
        cell.accessibilityElementsHidden = true
        let layout = self.layout(for: cell, key: key, log: log, isResizingInteractively: isResizingInteractively)
        recordLoad(of: key, isResizingInteractively: isResizingInteractively)
        let overlay = Self.overlay(in: cell) ?? SkeletonOverlayView(frame: cell.contentView.bounds)
        overlay.frame = cell.contentView.bounds
        overlay.onGeometryChange = onGeometryChange
        if overlay.superview !== cell.contentView { cell.contentView.addSubview(overlay) }
        // On top of whatever the placeholder configuration added.
        cell.contentView.bringSubviewToFront(overlay)
        overlay.show(layout, appearance: appearance, direction: key.direction)
        decoration.hideContent(of: cell)
    }

    /// Cleans every decorated cell: overlay removed, content, touches and accessibility
    /// given back.
    func undecorateAll() {
        for cell in decorated {
            if let decoration = decoratedCells.object(forKey: cell) {
                decoration.undecorate(cell)
            } else {
                SkeletonCellDecoration.removeOverlay(from: cell)
            }
        }
        decoratedCells.removeAllObjects()
    }

    /// Reduce Motion changed while the skeleton shows: the layers are made again, since a
    /// shimmer's gradient layers and a solid or pulsing style's plain layers differ.
    func rebuildLayers() {
        for cell in decorated { Self.overlay(in: cell)?.rebuild() }
    }

    /// Stops every overlay's animation.
    func pauseAnimations() {
        for cell in decorated { Self.overlay(in: cell)?.pauseAnimation() }
    }

    /// Starts every overlay's animation again.
    func restartAnimations() {
        for cell in decorated { Self.overlay(in: cell)?.restartAnimations() }
    }

    /// The overlay in `cell`'s content view, if it has one.
    static func overlay(in cell: some SkeletonHostCell) -> SkeletonOverlayView? {
        cell.contentView.subviews.lazy.compactMap { $0 as? SkeletonOverlayView }.first
    }

    private var decorated: [any SkeletonHostCell] {
        decoratedCells.keyEnumerator().allObjects.compactMap { $0 as? any SkeletonHostCell }
    }

    /// Counts one load of `key` for the layout cache's warm-up, the key this show's cells
    /// actually use (their direction, the context they are mapped in): once per key per
    /// show, and not during an interactive resize, whose widths are passing.
    private func recordLoad(of key: SkeletonLayoutKey, isResizingInteractively: Bool) {
        guard let layoutCache, !isResizingInteractively, recordedLoads.insert(key).inserted else { return }
        layoutCache.recordLoad(for: key)
    }

    /// The layout for `cell`: this show's, else the shared cache's memory, else mapped now.
    /// The main thread never reads a file here: after a memory miss the cache loads the file
    /// (or keeps the mapped layout) on its own queue, for the next show.
    private func layout(
        for cell: some SkeletonHostCell, key: SkeletonLayoutKey, log: DebugLog, isResizingInteractively: Bool
    ) -> SkeletonLayout {
        if let known = mappedLayouts[key] { return known }
        // A view without a width maps at its bounds: nothing of that is worth sharing; nor is
        // a width an interactive resize passes through (one file per pixel width otherwise).
        // Nor are cells mapped without the placeholder that filled them: their labels are
        // empty, and every later show of the key, across launches, would draw no text bars
        // (review 19b, C2). Reading a good layout stays fine.
        let isShareable = key.context.isMeasurable && !isResizingInteractively
        let sharedCache = isShareable ? layoutCache : nil
        if let cached = sharedCache?.layoutInMemory(for: key) {
            mappedLayouts[key] = cached
            return cached
        }
        let mapped = SkeletonLayout.mapping(SkeletonViewTreeReader.tree(of: cell), laidOutIn: key.direction, log: log)
        mappedLayouts[key] = mapped
        if !placeholderWasDropped { sharedCache?.loadIntoMemory(key, storingIfMissing: mapped) }
        return mapped
    }
}
#endif
