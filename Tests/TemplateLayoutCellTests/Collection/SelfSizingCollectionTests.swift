#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell
@testable import TemplateLayoutEngine

/// The self-sizing path (`preferredLayoutAttributesFitting`) in real collection views in a
/// window: a flow layout with `automaticSize`, a compositional `.estimated` list, a list
/// configuration, a horizontal row of chips. These run in Xcode; on Linux they are only
/// type-checked against the iOS SDK.
///
/// UIKit asks a cell for its preferred attributes when it creates (or reuses) it and when
/// they are invalidated, not on every pass (UIKitCore 26.1, see
/// docs/uikit-behaviour/collection-view-self-sizing.md): tests that must see a seen item answered ask
/// the visible cell directly, as UIKit does, with a proposal of the layout's fixed length.
final class SelfSizingCollectionTests: XCTestCase {
    private let tolerance: CGFloat = 0.5

    @MainActor
    func testAFlowLayoutWithAutomaticSizeCachesEachVisibleItemOnItsFirstLayout() {
        let fixture = SelfSizingCollectionFixture(
            layout: SelfSizingCollectionFixture.automaticFlow(), cells: .text(fixedContentWidth: 320),
            texts: SelfSizingCollectionFixture.texts(6)).hostInWindow()
        let visible = fixture.visibleIndexPaths
        XCTAssertFalse(visible.isEmpty)
        for indexPath in visible {
            let frame = try! XCTUnwrap(fixture.collectionView.cellForItem(at: indexPath)).frame
            XCTAssertEqual(frame.width, 320, accuracy: tolerance, "the cell fixes its own width")
            let cached = fixture.cachedLength(for: .indexPath(indexPath))
            XCTAssertNotNil(cached, "cached at the width the cell fitted, not the flow layout's estimate: \(indexPath)")
            XCTAssertEqual(cached ?? 0, frame.height, accuracy: tolerance)
        }
        XCTAssertGreaterThanOrEqual(fixture.collectionView.collectionLayoutState.sizes.statistics.indexPath.stores, visible.count)
    }

    @MainActor
    func testAFlowLayoutsSeenItemIsAnsweredFromTheCacheWithoutAutoLayoutAfterAnInvalidation() {
        let fixture = SelfSizingCollectionFixture(
            layout: SelfSizingCollectionFixture.automaticFlow(), cells: .text(fixedContentWidth: 320),
            texts: SelfSizingCollectionFixture.texts(6)).hostInWindow()
        fixture.collectionView.collectionViewLayout.invalidateLayout()
        fixture.collectionView.layoutIfNeeded()
        // Not counted across the pass: whether a flow layout proposes its estimate again
        // after a full invalidation (a miss in that context) only a device can say.
        let fittingsBefore = fixture.fittings

        for indexPath in fixture.visibleIndexPaths {
            let cached = try! XCTUnwrap(fixture.cachedLength(for: .indexPath(indexPath)))
            let answered = fixture.preferredSize(at: indexPath, proposing: CGSize(width: 320, height: 50))
            XCTAssertEqual(answered, CGSize(width: 320, height: cached))
            let frame = try! XCTUnwrap(fixture.collectionView.cellForItem(at: indexPath)).frame
            XCTAssertEqual(frame.height, cached, accuracy: tolerance)
        }
        XCTAssertEqual(fixture.fittings, fittingsBefore, "a seen item runs no Auto Layout pass")
    }

    /// Review 19c, F1: a flow layout that estimates keeps each item's size when the view's
    /// width changes and proposes it again; the cell, not the layout, decides its width. A
    /// cached size is answered only at the view width it was fitted at: before the fix, the
    /// item stayed 320 points wide in a 200-point view.
    @MainActor
    func testAFlowLayoutsKeptProposalAfterTheViewNarrowedIsFittedAgain() throws {
        let fixture = SelfSizingCollectionFixture(
            layout: SelfSizingCollectionFixture.automaticFlow(), cells: .text(fixedContentWidth: 320),
            texts: SelfSizingCollectionFixture.texts(6)).hostInWindow()
        let indexPath = IndexPath(item: 0, section: 0)
        XCTAssertNotNil(fixture.cachedLength(for: .indexPath(indexPath)), "precondition: fitted at 320 points")

        // A split view narrows the view; the app's cell now fixes 200 points.
        fixture.collectionView.frame.size.width = 200
        let cell = try XCTUnwrap(fixture.collectionView.cellForItem(at: indexPath) as? SelfSizingCountingCell)
        cell.fixedContentWidth = 200
        let fittingsBefore = fixture.fittings
        // What the flow layout proposes for the item: the size it kept, 320 points wide.
        let answered = try XCTUnwrap(fixture.preferredSize(at: indexPath, proposing: CGSize(width: 320, height: 50)))

        XCTAssertEqual(answered.width, 200, accuracy: tolerance, "the cell's width now, not the kept one")
        XCTAssertGreaterThan(fixture.fittings, fittingsBefore, "fitted again")
    }

    @MainActor
    func testACompositionalEstimatedListCachesItsItemsAndAnswersSeenOnesWithoutAutoLayout() {
        let fixture = SelfSizingCollectionFixture(
            layout: SelfSizingCollectionFixture.estimatedList(), cells: .text(fixedContentWidth: nil),
            texts: SelfSizingCollectionFixture.texts(6)).hostInWindow()
        let visible = fixture.visibleIndexPaths
        XCTAssertFalse(visible.isEmpty)
        var cachedHeights: [IndexPath: CGFloat] = [:]
        for indexPath in visible {
            let frame = try! XCTUnwrap(fixture.collectionView.cellForItem(at: indexPath)).frame
            let cached = try! XCTUnwrap(fixture.cachedLength(for: .indexPath(indexPath)), "cached: \(indexPath)")
            XCTAssertEqual(cached, frame.height, accuracy: tolerance)
            XCTAssertGreaterThan(abs(cached - 44), tolerance, "fitted, not the estimate")
            cachedHeights[indexPath] = cached
        }

        let fittingsBefore = fixture.fittings
        fixture.collectionView.collectionViewLayout.invalidateLayout()
        fixture.collectionView.layoutIfNeeded()
        for indexPath in visible {
            let answered = fixture.preferredSize(at: indexPath, proposing: CGSize(width: 320, height: 44))
            XCTAssertEqual(answered, CGSize(width: 320, height: cachedHeights[indexPath]!))
            let frame = try! XCTUnwrap(fixture.collectionView.cellForItem(at: indexPath)).frame
            XCTAssertEqual(frame.height, cachedHeights[indexPath]!, accuracy: tolerance, "never jumps")
        }
        XCTAssertEqual(fixture.fittings, fittingsBefore, "seen items run no Auto Layout pass")
    }

    /// Reviews 19f F1/F2 and 19h P1/T1: a skeleton over the app's own self-sizing flow
    /// layout shows the app's cell class at the skeleton's index paths. Its items keep the
    /// plan's sizes and nothing of theirs is cached as the app's: before, each skeleton cell
    /// stored the placeholder's fit by index path, and a later plan read it as the previous
    /// load. After the hide the app's cells cache again.
    @MainActor
    func testSkeletonCellsOverASelfSizingFlowLayoutNeitherCacheNorTakeTheirFit() throws {
        let fixture = SelfSizingCollectionFixture(
            layout: SelfSizingCollectionFixture.automaticFlow(), cells: .text(fixedContentWidth: 320), texts: [])
            .hostInWindow()
        let view = fixture.collectionView
        let storesBefore = view.collectionLayoutState.sizes.statistics.indexPath.stores

        view.fd_showSkeleton(CollectionSkeletonConfiguration(identifier: "text", itemCount: 3) { cell in
            (cell as? SelfSizingCountingCell)?.label.text = String(repeating: "Placeholder text. ", count: 8)
        })
        view.layoutIfNeeded()
        let plan = try XCTUnwrap(view.existingCollectionSkeletonState?.skeleton?.plan)
        let first = IndexPath(item: 0, section: 0)
        XCTAssertEqual(view.numberOfItems(inSection: 0), 3, "precondition: the skeleton's items")
        let planned = try XCTUnwrap(plan.size(at: first))
        XCTAssertEqual(view.layoutAttributesForItem(at: first)?.size.height ?? 0, planned.height, accuracy: tolerance)
        XCTAssertEqual(view.collectionLayoutState.sizes.statistics.indexPath.stores, storesBefore, "nothing cached for the app")

        fixture.texts = SelfSizingCollectionFixture.texts(3)
        view.fd_hideSkeleton(animated: false)
        view.layoutIfNeeded()
        XCTAssertGreaterThan(view.collectionLayoutState.sizes.statistics.indexPath.stores, storesBefore, "the app's cells cache again")
    }

    @MainActor
    func testAListConfigurationCellIsCachedWithUIKitsOwnFittingAndAnsweredFromTheCache() {
        let layout = UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .plain))
        let fixture = SelfSizingCollectionFixture(layout: layout, cells: .list, texts: SelfSizingCollectionFixture.texts(6)).hostInWindow()
        let tall = fixture.visibleIndexPaths.filter { (fixture.collectionView.cellForItem(at: $0)?.frame.height ?? 0) > 50 }
        XCTAssertFalse(tall.isEmpty, "multi-line rows, taller than the list's 44-point estimate")
        let fittingsBefore = fixture.fittings
        for indexPath in tall {
            let frame = try! XCTUnwrap(fixture.collectionView.cellForItem(at: indexPath)).frame
            let cached = try! XCTUnwrap(fixture.cachedLength(for: .indexPath(indexPath)), "cached: \(indexPath)")
            XCTAssertEqual(cached, frame.height, accuracy: tolerance)
            XCTAssertEqual(fixture.preferredSize(at: indexPath, proposing: CGSize(width: 320, height: 44)), CGSize(width: 320, height: cached))
        }
        XCTAssertEqual(fixture.fittings, fittingsBefore)
    }

    @MainActor
    func testKeyedSizesSurviveReloadDataAndReusedCellsAreAnsweredFromThem() {
        let fixture = SelfSizingCollectionFixture(
            layout: SelfSizingCollectionFixture.estimatedList(), cells: .text(fixedContentWidth: nil),
            texts: SelfSizingCollectionFixture.texts(6))
        fixture.keys = (0..<6).map { AnyHashable("post-\($0)") }
        fixture.hostInWindow()
        let visible = fixture.visibleIndexPaths
        let cached = visible.map { fixture.cachedLength(for: .key(fixture.keys![$0.item])) }
        XCTAssertFalse(cached.contains(nil), "every visible item cached by its key")
        XCTAssertEqual(fixture.collectionView.collectionLayoutState.sizes.statistics.indexPath.stores, 0, "the key wins")

        let statistics = fixture.collectionView.collectionLayoutState.sizes.statistics
        let fittingsBefore = fixture.fittings
        fixture.collectionView.reloadData()
        fixture.collectionView.layoutIfNeeded()

        XCTAssertEqual(fixture.fittings, fittingsBefore, "reused cells are answered from their keys, without Auto Layout")
        XCTAssertGreaterThanOrEqual(
            fixture.collectionView.collectionLayoutState.sizes.statistics.keyed.hits - statistics.keyed.hits, visible.count,
            "UIKit asks a reused cell again (prepareForReuse makes its preferred attributes invalid)")
        for (indexPath, length) in zip(visible, cached) {
            XCTAssertEqual(fixture.cachedLength(for: .key(fixture.keys![indexPath.item])), length)
            let frame = try! XCTUnwrap(fixture.collectionView.cellForItem(at: indexPath)).frame
            XCTAssertEqual(frame.height, length!, accuracy: tolerance)
        }
    }

    @MainActor
    func testADiffableDataSourceWithoutKeysCachesNothingByIndexPath() {
        let fixture = SelfSizingCollectionFixture(
            layout: SelfSizingCollectionFixture.estimatedList(), cells: .text(fixedContentWidth: nil),
            texts: SelfSizingCollectionFixture.texts(6))
        let texts = fixture.texts
        let dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: fixture.collectionView) { view, indexPath, item in
            let cell = view.dequeueReusableCell(withReuseIdentifier: "text", for: indexPath) as! SelfSizingCountingCell
            cell.label.text = texts[item]
            return cell
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(texts.indices))
        dataSource.apply(snapshot, animatingDifferences: false)
        fixture.hostInWindow()

        let visible = fixture.visibleIndexPaths
        XCTAssertFalse(visible.isEmpty)
        for indexPath in visible {
            XCTAssertNil(fixture.cachedLength(for: .indexPath(indexPath)), "a diffable data source moves items the cache cannot follow")
            let frame = try! XCTUnwrap(fixture.collectionView.cellForItem(at: indexPath)).frame
            XCTAssertGreaterThan(abs(frame.height - 44), tolerance, "UIKit's own fitting still sized it")
        }
        XCTAssertEqual(fixture.collectionView.collectionLayoutState.sizes.statistics.indexPath.stores, 0)
        withExtendedLifetime(dataSource) {}
    }

    @MainActor
    func testChipsInAHorizontalFlowLayoutFixTheirHeightAndCacheTheirWidths() {
        let fixture = SelfSizingCollectionFixture(
            layout: SelfSizingCollectionFixture.automaticFlow(scrollDirection: .horizontal), cells: .chip,
            texts: ["Swift", "UIKit", "Compositional layout", "Flow", "Self-sizing chips"], size: CGSize(width: 320, height: 100))
        fixture.hostInWindow()
        let visible = fixture.visibleIndexPaths
        XCTAssertFalse(visible.isEmpty)
        let fittingsBefore = fixture.fittings
        for indexPath in visible {
            let frame = try! XCTUnwrap(fixture.collectionView.cellForItem(at: indexPath)).frame
            XCTAssertEqual(frame.height, 32, accuracy: tolerance)
            let width = try! XCTUnwrap(fixture.cachedLength(for: .indexPath(indexPath), fixing: .height, length: 32), "cached: \(indexPath)")
            XCTAssertEqual(width, frame.width, accuracy: tolerance)
            XCTAssertNil(fixture.cachedLength(for: .indexPath(indexPath), fixing: .width, length: 32), "never in a width-fixed context")
            XCTAssertEqual(fixture.preferredSize(at: indexPath, proposing: CGSize(width: 50, height: 32)), CGSize(width: width, height: 32))
        }
        XCTAssertEqual(fixture.fittings, fittingsBefore)
    }

    @MainActor
    func testACellOutsideACollectionViewGetsUIKitsAnswerAndCachesNothing() {
        let cell = SelfSizingCountingCell(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        var fittings = 0
        cell.onFitting = { fittings += 1 }
        cell.label.text = SelfSizingCollectionFixture.texts(2)[1]
        let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        attributes.size = CGSize(width: 320, height: 44)
        _ = cell.preferredLayoutAttributesFitting(attributes)
        _ = cell.preferredLayoutAttributesFitting(attributes)
        XCTAssertEqual(fittings, 2, "fitted by UIKit every time: there is no collection view to cache in")
    }
}
#endif
