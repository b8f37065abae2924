#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// Issue 19, item 6: skeletons in collection views, on real collection views with a flow
/// layout. They run in Xcode; on Linux they are type-checked only.
final class CollectionSkeletonTests: XCTestCase {
    private typealias Fixture = CollectionSkeletonFixture

    /// Two columns share 320 points with a 10-point gap: 155 each. No source knows the
    /// cards, so each is the layout's 100-point item height; lines end at 100, 210, 320,
    /// 430, 540 (past the 480 visible), and one more line: 12 items.
    @MainActor
    func testASkeletonInATwoColumnFlowGridFillsTheViewportAtPlannedSizes() throws {
        let fixture = Fixture(itemCount: 0)
        fixture.hostInWindow()
        let collectionView = fixture.collectionView

        collectionView.fd_showSkeleton(CollectionSkeletonConfiguration(identifier: Fixture.cellIdentifier, itemsAcross: 2))
        collectionView.layoutIfNeeded()

        XCTAssertTrue(collectionView.fd_isShowingSkeleton)
        XCTAssertEqual(collectionView.numberOfItems(inSection: 0), 12)
        let first = try XCTUnwrap(collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
        let second = try XCTUnwrap(collectionView.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)))
        let last = try XCTUnwrap(collectionView.layoutAttributesForItem(at: IndexPath(item: 11, section: 0)))
        XCTAssertEqual(first.size, CGSize(width: 155, height: 100), "the plan's size, not the app's 155 x 60")
        XCTAssertEqual(second.frame.minY, first.frame.minY, "two columns")
        XCTAssertEqual(second.frame.minX, 165, accuracy: 0.5)
        XCTAssertEqual(last.frame.minY, 550, accuracy: 0.5, "the sixth line, below the visible 480")
        XCTAssertGreaterThanOrEqual(collectionView.contentSize.height, 480)
        let cells = collectionView.visibleCells
        XCTAssertEqual(cells.count, 10, "five lines show, the fifth in part")
        for cell in cells {
            XCTAssertNotNil(SkeletonCellPainter.overlay(in: cell), "every visible cell is a skeleton")
            XCTAssertFalse(cell.isUserInteractionEnabled)
        }
        XCTAssertTrue(fixture.appRequests.isEmpty, "the app is asked nothing about items it does not have")
    }

    @MainActor
    func testHideRestoresTheDataSourceAndDelegatesAndShowsTheAppsItems() throws {
        let fixture = Fixture(itemCount: 0)
        fixture.hostInWindow()
        let collectionView = fixture.collectionView
        collectionView.fd_showSkeleton(CollectionSkeletonConfiguration(identifier: Fixture.cellIdentifier, itemsAcross: 2))
        collectionView.layoutIfNeeded()
        XCTAssertFalse(collectionView.dataSource === fixture, "precondition: the skeleton stands in")
        XCTAssertNil(collectionView.prefetchDataSource, "UIKit cannot prefetch skeleton index paths from the app")
        XCTAssertNil(collectionView.dragDelegate)
        XCTAssertNil(collectionView.dropDelegate)
        XCTAssertFalse(collectionView.dragInteractionEnabled)

        fixture.texts = ["First", "Second", "Third"]
        var completed = false
        collectionView.fd_hideSkeleton(animated: false) { completed = true }
        collectionView.layoutIfNeeded()

        XCTAssertTrue(completed)
        XCTAssertFalse(collectionView.fd_isShowingSkeleton)
        XCTAssertTrue(collectionView.dataSource === fixture)
        XCTAssertTrue(collectionView.delegate === fixture)
        XCTAssertTrue(collectionView.prefetchDataSource === fixture)
        XCTAssertTrue(collectionView.dragDelegate === fixture)
        XCTAssertTrue(collectionView.dropDelegate === fixture)
        XCTAssertTrue(collectionView.dragInteractionEnabled)
        XCTAssertEqual(collectionView.numberOfItems(inSection: 0), 3)
        let firstCell = try XCTUnwrap(collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) as? SkeletonCardCell)
        XCTAssertEqual(firstCell.label.text, "First")
        XCTAssertEqual(firstCell.bounds.size, CGSize(width: 155, height: 60), "the app's size again")
        XCTAssertEqual(firstCell.label.alpha, 1, "content given back")
        XCTAssertTrue(firstCell.isUserInteractionEnabled)
        for cell in collectionView.visibleCells {
            XCTAssertNil(SkeletonCellPainter.overlay(in: cell), "a reused cell carries no skeleton")
        }
    }

    /// The app's data arrives while the show runs its placeholder (a run of the loop it
    /// spun), and the app hides: the hide wins, and the app's items show.
    @MainActor
    func testAHideMadeWhileTheShowPlansWins() {
        let fixture = Fixture(itemCount: 0)
        fixture.hostInWindow()
        let collectionView = fixture.collectionView
        // The show measures the placeholder on the registered cell's template: the app's
        // placeholder code runs while the show plans.
        var placeholderRuns = 0
        collectionView.fd_showSkeleton(CollectionSkeletonConfiguration(identifier: Fixture.cellIdentifier, itemsAcross: 2) { _ in
            placeholderRuns += 1
            guard placeholderRuns == 1 else { return }
            fixture.texts = ["Arrived"]
            XCTAssertTrue(collectionView.fd_isShowingSkeleton, "a show that plans counts as showing")
            collectionView.fd_hideSkeleton(animated: false)
        })
        collectionView.layoutIfNeeded()

        XCTAssertEqual(placeholderRuns, 1, "precondition: the placeholder ran while planning")
        XCTAssertFalse(collectionView.fd_isShowingSkeleton)
        XCTAssertNil(collectionView.existingCollectionSkeletonState?.skeleton)
        XCTAssertTrue(collectionView.dataSource === fixture)
        XCTAssertTrue(collectionView.prefetchDataSource === fixture)
        XCTAssertEqual(collectionView.numberOfItems(inSection: 0), 1)
        XCTAssertEqual((collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) as? SkeletonCardCell)?.label.text, "Arrived")
    }

    /// What the update hooks call first (`skeletonWillUpdate`): an insert made while the
    /// skeleton shows is kept from UIKit, whose item-count check would raise (12 skeleton
    /// items plus 3 inserted against the app's 3), and the app's items show.
    @MainActor
    func testAnInsertWhileTheSkeletonShowsHidesItInsteadOfRaising() {
        let fixture = Fixture(itemCount: 0)
        fixture.hostInWindow()
        let collectionView = fixture.collectionView
        let recorder = LineRecorder()
        collectionView.collectionLayoutState.sizes.log = DebugLog(isEnabled: false, reportsProblems: true, sink: DebugLogSink { recorder.add($0) })
        collectionView.fd_showSkeleton(CollectionSkeletonConfiguration(identifier: Fixture.cellIdentifier, itemsAcross: 2))
        collectionView.layoutIfNeeded()
        XCTAssertEqual(collectionView.numberOfItems(inSection: 0), 12, "precondition")
        fixture.texts = ["A", "B", "C"]

        // UIKit's own method: its hook hands the call to the skeleton, and UIKit's check, which
        // would raise (12 skeleton items plus 3 against the app's 3), never runs.
        collectionView.insertItems(at: (0..<3).map { IndexPath(item: $0, section: 0) })
        collectionView.layoutIfNeeded()

        XCTAssertFalse(collectionView.fd_isShowingSkeleton)
        XCTAssertTrue(collectionView.dataSource === fixture)
        XCTAssertEqual(collectionView.numberOfItems(inSection: 0), 3)
        XCTAssertTrue(recorder.lines.contains { $0.contains("insertItems") && $0.contains("fd_hideSkeleton") })
    }

    @MainActor
    func testPerformBatchUpdatesWhileTheSkeletonShowsRunsTheUpdatesHidesItAndCompletes() {
        let fixture = Fixture(itemCount: 0)
        fixture.hostInWindow()
        let collectionView = fixture.collectionView
        collectionView.fd_showSkeleton(CollectionSkeletonConfiguration(identifier: Fixture.cellIdentifier, itemsAcross: 2))
        collectionView.layoutIfNeeded()
        var finished: Bool?

        var ranUpdates = false
        collectionView.performBatchUpdates({
            ranUpdates = true
            fixture.texts = ["A", "B"]
            // Held inside the batch by its hook: UIKit's insertItems does not run.
            collectionView.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
            XCTAssertTrue(collectionView.fd_isShowingSkeleton, "still showing until the batch ends")
        }, completion: { finished = $0 })
        collectionView.layoutIfNeeded()
        XCTAssertTrue(ranUpdates, "the app's updates ran")
        XCTAssertFalse(collectionView.fd_isShowingSkeleton)
        XCTAssertEqual(collectionView.numberOfItems(inSection: 0), 2)
        XCTAssertTrue(spinMainRunLoop(timeout: 1) { finished != nil })
        XCTAssertEqual(finished, true)
        XCTAssertFalse(collectionView.skeletonWillUpdate(.change("insertItems(at:)")), "nothing held once hidden")
    }

    /// Review 19d, C2: a window resized by dragging (iPadOS 26, an app on a Mac) puts off
    /// planning while it lasts; when it ends, the skeleton is planned for the size it ended
    /// at. Before the fix the end reached only table skeletons, and the grown area stayed
    /// empty until the user scrolled.
    @MainActor
    func testASkeletonIsPlannedAgainWhenAnInteractiveResizeEnds() {
        let fixture = Fixture(itemCount: 0)
        fixture.hostInWindow()
        let collectionView = fixture.collectionView
        let reader = SceneResizeWatch.reader
        defer { SceneResizeWatch.reader = reader }
        SceneResizeWatch.reader = { _ in true }
        collectionView.fd_showSkeleton(CollectionSkeletonConfiguration(identifier: Fixture.cellIdentifier, itemsAcross: 2))
        collectionView.layoutIfNeeded()
        let before = collectionView.numberOfItems(inSection: 0)

        // The drag makes the window taller: not planned again while it lasts.
        fixture.window?.frame.size.height = 960
        collectionView.frame.size.height = 960
        collectionView.layoutIfNeeded()
        spinMainRunLoop(timeout: 0.1)
        XCTAssertEqual(collectionView.numberOfItems(inSection: 0), before, "precondition: put off during the drag")

        // What the observation of the scene's effectiveGeometry delivers when the drag ends.
        SceneResizeWatch.reader = { _ in false }
        collectionView.collectionLayoutState.resizeWatch.sceneGeometryDidChange()
        let replanned = spinMainRunLoop(timeout: 2) { collectionView.numberOfItems(inSection: 0) > before }
        XCTAssertTrue(replanned, "planned again for the taller view once the drag ended")
        collectionView.fd_hideSkeleton(animated: false)
    }

    /// Reviews 19h L3 and 19j L1: a flow layout whose sections are inset from the layout
    /// margins: UIKit places them at `max(0, inset + margin - content inset)` from the content
    /// inset (0 here: 16 + 8 - 24), so two items across are (320 - 48 - 10) / 2 = 131 wide.
    /// Ignoring the reference planned 155; clamping the margin alone planned 115. Either way
    /// the plan's width was not the one the app's items have, and the previous load missed.
    @MainActor
    func testSkeletonColumnsFollowTheFlowLayoutsSectionInsetReference() throws {
        let fixture = Fixture(itemCount: 0)
        fixture.layout.sectionInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 16)
        fixture.layout.sectionInsetReference = .fromLayoutMargins
        let collectionView = fixture.collectionView
        collectionView.insetsLayoutMarginsFromSafeArea = false
        collectionView.preservesSuperviewLayoutMargins = false
        collectionView.layoutMargins = UIEdgeInsets(top: 0, left: 8, bottom: 0, right: 8)
        collectionView.contentInset = UIEdgeInsets(top: 0, left: 24, bottom: 0, right: 24)
        fixture.hostInWindow()

        collectionView.fd_showSkeleton(CollectionSkeletonConfiguration(identifier: Fixture.cellIdentifier, itemsAcross: 2))
        collectionView.layoutIfNeeded()

        let first = try XCTUnwrap(collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
        XCTAssertEqual(first.size.width, 131, accuracy: 0.5, "the width the app's items have")
        XCTAssertEqual(first.frame.minX, 0, accuracy: 0.5, "the section inset UIKit applies")
        collectionView.fd_hideSkeleton(animated: false)
    }

    /// "Plan when the view first has a measurable context, not before": shown before the
    /// view has a size, the skeleton has no items; once laid out at a size, it fills it.
    @MainActor
    func testASkeletonShownBeforeLayoutFillsTheViewOnceItHasASize() {
        let fixture = Fixture(itemCount: 0)
        let collectionView = fixture.collectionView
        collectionView.frame = .zero
        collectionView.fd_showSkeleton(CollectionSkeletonConfiguration(identifier: Fixture.cellIdentifier, itemsAcross: 2))
        XCTAssertEqual(collectionView.numberOfItems(inSection: 0), 0, "nothing to size at no width")

        collectionView.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        fixture.hostInWindow()
        let filled = spinMainRunLoop(timeout: 2) { collectionView.numberOfItems(inSection: 0) == 12 }

        XCTAssertTrue(filled, "planned again once the view had a size")
        XCTAssertEqual(collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.size, CGSize(width: 155, height: 100))
    }

    /// Review 20d, R20d-2 (the twin of R20b-1): the stand-in answers the app's index titles,
    /// so the index bar stays while the skeleton shows, and a tap goes to an item it has.
    @MainActor
    func testTheSkeletonKeepsTheAppsIndexTitlesAndSendsATapToAnItemItHas() throws {
        let fixture = Fixture(itemCount: 0)
        fixture.hostInWindow()
        let collectionView = fixture.collectionView
        let indexed = IndexedDataSource()
        collectionView.dataSource = indexed
        collectionView.reloadData()

        collectionView.fd_showSkeleton(CollectionSkeletonConfiguration(identifier: Fixture.cellIdentifier, itemsAcross: 2))
        collectionView.layoutIfNeeded()

        let standIn = try XCTUnwrap(collectionView.dataSource)
        XCTAssertFalse(standIn === indexed, "precondition: the skeleton stands in")
        XCTAssertEqual(collectionView.numberOfSections, 1, "precondition: one skeleton section")
        XCTAssertEqual(standIn.indexTitles?(for: collectionView), ["A", "B"])
        // The app answers item 5 of its section 1; the skeleton has only section 0.
        XCTAssertEqual(standIn.collectionView?(collectionView, indexPathForIndexTitle: "B", at: 1), IndexPath(item: 5, section: 0))
        XCTAssertEqual(indexed.askedTitles, ["B"])
        collectionView.fd_hideSkeleton(animated: false)
        collectionView.layoutIfNeeded()
        XCTAssertTrue(collectionView.dataSource === indexed)
    }
}

/// An app data source with an index: two sections, no items yet, titles "A" and "B", and a
/// tap on a title going to item 5 of the title's section.
private final class IndexedDataSource: NSObject, UICollectionViewDataSource {
    private(set) var askedTitles: [String] = []

    func numberOfSections(in collectionView: UICollectionView) -> Int { 2 }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: CollectionSkeletonFixture.cellIdentifier, for: indexPath)
    }

    func indexTitles(for collectionView: UICollectionView) -> [String]? { ["A", "B"] }

    func collectionView(_ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int) -> IndexPath {
        askedTitles.append(title)
        return IndexPath(item: 5, section: index)
    }
}
#endif
