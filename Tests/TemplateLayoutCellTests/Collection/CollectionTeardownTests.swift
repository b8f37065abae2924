#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// Review 20w/20x: the collection-view hooks run on every collection view once one used the
/// package, including while one is deallocated. A weak reference cannot be formed to an
/// object being deallocated (the runtime stops the process), so none may be formed there.
final class CollectionTeardownTests: XCTestCase {
    /// A subclass calling `performBatchUpdates` from its deinit: the package's hook tracks the
    /// call without a weak reference to the view. The stub's override runs the closure
    /// itself, so the test does not depend on what UIKit's batch does on a dying view.
    @MainActor
    func testABatchFromACollectionViewsDeinitIsTrackedSafely() {
        TidyingCollectionView.installTrackingOnce()
        let before = TidyingCollectionView.deinitCount
        autoreleasepool {
            _ = TidyingCollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: UICollectionViewFlowLayout())
        }
        XCTAssertEqual(TidyingCollectionView.deinitCount, before + 1, "released; its deinit made a hooked batch call")
    }
}

/// Runs a batch's closure without UIKit.
private class BatchStubCollectionView: UICollectionView {
    override func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        updates?()
        completion?(true)
    }
}

/// Tidies up in its deinit with a batch.
private final class TidyingCollectionView: BatchStubCollectionView {
    @MainActor static var deinitCount = 0
    @MainActor private static var isInstalled = false

    /// The package's collection tracking, on this class (its batch hook calls the stub).
    @MainActor static func installTrackingOnce() {
        guard !isInstalled else { return }
        isInstalled = true
        CollectionUpdateTracking.install(on: TidyingCollectionView.self)
    }

    deinit {
        MainActor.assumeIsolated {
            performBatchUpdates(nil)
            Self.deinitCount += 1
        }
    }
}
#endif
