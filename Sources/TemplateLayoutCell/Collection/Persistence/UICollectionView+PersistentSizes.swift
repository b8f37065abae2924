#if canImport(UIKit)
import UIKit

extension UICollectionView {
    /// Makes this collection view's keyed sizes survive launches: sizes measured with
    /// `fd_size(identifier:fittingWidth:cacheBy: key ...)` (or its class and height twins) are
    /// recorded in `store` under `namespace`, and a keyed miss is answered from sizes an
    /// earlier launch measured before anything is laid out. Index-path sizes are not
    /// persisted: index paths do not name the same content across launches.
    ///
    /// Sizes are kept per layout context, as table heights are: the fixed dimension and its
    /// length (a grid column's width, a chip row's height), the scale, the text size and Bold
    /// Text. A two-column grid and a full-width list of the same items, or a chip and a card
    /// with the same key, never share a size. The store reads one context's file back on its
    /// own queue when this is called (the one written last), and each other context's the
    /// first time the view asks a size in it, once per launch however often the view
    /// switches between them; until a file is read, misses are measured as usual. Contexts
    /// the store does not write (`LayoutContext.isPersistable`: editing) stay in memory;
    /// height-fixed contexts (chips) persist in files of their own.
    ///
    /// Bump `contentVersion` whenever the cell's layout changes (fonts, margins, subviews):
    /// sizes measured for another content version, by another app version, under another OS
    /// major version or SDK, or with Bold Text the other way, are never served. Nothing is
    /// recorded while the window is being resized interactively (iPadOS 26, apps on a Mac);
    /// when the resize ends, the sizes of each context the view then asks in are recorded.
    ///
    /// Give each kind of cell a namespace of its own: views on one namespace share what is
    /// recorded for a key in a context, so a table's row and a collection view's card of the
    /// same key and width there would get each other's lengths. Views linked to the same
    /// namespace of one store (the same grid in two windows) share invalidations:
    /// ``fd_invalidateSize(forKey:)`` on one forgets the key in all of them, and each
    /// collection view among the others asks its layout for sizes again on a later turn
    /// (flow layouts: their delegate's metrics; other layouts: the whole layout). The store
    /// writes shortly after sizes are measured, and when the app goes to the background or
    /// terminates, as for tables.
    ///
    /// Bad input: keys that are not integers or strings (or `UUID`s), and supplementary
    /// views' keys, stay in memory only. Calling it again links the view to the new
    /// namespace instead.
    ///
    /// - Complexity: O(1) here; the load runs on the store's queue.
    public func fd_persistSizes(in store: PersistentHeightStore, namespace: String, contentVersion: String) {
        let state = collectionLayoutState
        let sizes = state.sizes
        // The view's last context if it asked a size already; before, the store reads the
        // file written last, the context the app was in when it last wrote.
        store.open(namespace: namespace, contentVersion: contentVersion, context: sizes.context.isPersistable ? sizes.context : nil)
        sizes.persistence = HeightPersistence(store: store, namespace: namespace)
        state.asksForSizesWhenPeersInvalidate()
        ApplicationLifecycle.flushAndExpireInBackground(store)
    }

    /// Stops recording this collection view's keyed sizes in a store, and unlinks the view
    /// from its namespace; what is recorded stays, and sizes in memory stay.
    ///
    /// Bad input: a view that never persisted is left as it is.
    ///
    /// - Complexity: O(1).
    public func fd_stopPersistingSizes() {
        existingCollectionLayoutState?.sizes.persistence = nil
    }
}

extension CollectionLayoutState {
    /// Has the layout ask for sizes again when another view linked to the same persistence
    /// namespace forgets keyed sizes (``UICollectionView/fd_invalidateSize(forKey:)`` there,
    /// or an observed change there): a layout keeps the sizes it was given until it is
    /// invalidated, so a forgotten size of an item on screen needs this. Where the key's item
    /// is is not known here, so every item is asked; the others hit the cache.
    func asksForSizesWhenPeersInvalidate() {
        // The engine calls it on the caches' thread, the main thread.
        sizes.peerDidInvalidateKeyedHeights = { [weak self] in
            MainActor.assumeIsolated { self?.askForSizesAgain(at: nil, because: "sizes forgotten by another view of the namespace") }
        }
    }
}
#endif
