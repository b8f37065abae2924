import Foundation
import TemplateLayoutEngine

/// Where an engine strategy's heights persist between the script's launches: a temporary
/// directory and the ``PersistentHeightStore`` of the current launch, as an app has.
///
/// Each launch makes a new store on the same directory, as a new process would; quitting
/// flushes the old one and waits, so two stores never share the directory (the store's
/// rule). Reading waits too: the simulated clock counts no disk time, and the app's real
/// launch reads the file before its first layout (`openAndWait`).
final class SimulatedDisk {
    let directory: URL
    private let namespace = "scroll-session"
    private var store: PersistentHeightStore?

    init() {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("scroll-session-\(UUID().uuidString)", isDirectory: true)
    }

    /// A new store on the directory, the namespace opened and `context`'s file read.
    func launch(on context: LayoutContext) -> HeightPersistence {
        store?.waitUntilIdle()
        // Writes happen at `quit()`: a timer's write must not land in a later launch.
        let configuration = PersistentHeightStore.Configuration(appVersion: "1.0", writeDelay: 3_600)
        let store = PersistentHeightStore(directory: directory, configuration: configuration)
        store.open(namespace: namespace, contentVersion: "1", context: context)
        store.waitUntilIdle()
        self.store = store
        return HeightPersistence(store: store, namespace: namespace)
    }

    /// Waits until the store has read what a context switch asked for: the store reads a
    /// context's file on its disk queue when the context is first used, and the simulated
    /// clock counts no disk time, so a run must not depend on how fast the read was.
    func waitForReads() {
        store?.waitUntilIdle()
    }

    /// Writes every height recorded since the launch and waits until it is on disk.
    func quit() {
        store?.flush()
        store?.waitUntilIdle()
    }

    /// Deletes the directory.
    func remove() {
        store?.waitUntilIdle()
        try? FileManager.default.removeItem(at: directory)
    }
}
