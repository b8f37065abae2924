#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// Issue 19, item 6: skeletons over a compositional layout with an orthogonal section and
/// section headers, where SkeletonView raises (its #321, #504, #546). They run in Xcode; on
/// Linux they are type-checked only.
final class CompositionalSkeletonTests: XCTestCase {
    private typealias Fixture = CompositionalSkeletonFixture

    /// Three chips 80 points wide, then four cards two across: (320 - 10) / 2 = 155 wide.
    /// No source knows either, so both are the size cache's fallback, 44 high.
    @MainActor
    private func configuration() -> CollectionSkeletonConfiguration {
        var configuration = CollectionSkeletonConfiguration(sections: [
            CollectionSkeletonSection(identifier: Fixture.cellIdentifier, itemCount: 3, itemsAcross: 3, itemLength: 80),
            CollectionSkeletonSection(identifier: Fixture.cellIdentifier, itemCount: 4, itemsAcross: 2),
        ])
        configuration.itemSpacing = 10
        return configuration
    }

    /// The app's layout would size chips 80 x 30 and cards 160 x 60 under 40-point headers,
    /// and ask the skeleton for those headers.
    @MainActor
    func testASkeletonOverACompositionalLayoutWithHeadersShowsAtPlannedSizesAndAsksTheAppNothing() throws {
        let fixture = Fixture()
        fixture.hostInWindow()
        let collectionView = fixture.collectionView
        fixture.appRequests.removeAll()

        collectionView.fd_showSkeleton(configuration())
        collectionView.layoutIfNeeded()

        XCTAssertTrue(collectionView.fd_isShowingSkeleton)
        XCTAssertTrue(collectionView.collectionViewLayout is CollectionSkeletonFlowLayout, "the app's layout is set aside")
        XCTAssertEqual(collectionView.numberOfSections, 2)
        XCTAssertEqual(collectionView.numberOfItems(inSection: 0), 3)
        XCTAssertEqual(collectionView.numberOfItems(inSection: 1), 4)
        for item in 0..<3 {
            let chip = try XCTUnwrap(collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: 0)))
            XCTAssertEqual(chip.size, CGSize(width: 80, height: 44), "the plan's chip, not the app's 80 x 30")
        }
        // Relative to the first chip: the set-aside layout insets from the safe area, as the
        // compositional layout's automatic reference does, which a test window may have.
        let firstChip = try XCTUnwrap(collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
        for item in 1..<3 {
            let chip = try XCTUnwrap(collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: 0)))
            XCTAssertEqual(chip.frame.minY, firstChip.frame.minY, accuracy: 0.5, "one line")
        }
        let card = try XCTUnwrap(collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)))
        XCTAssertEqual(card.size, CGSize(width: 155, height: 44), "the plan's card, not the app's 160 x 60")
        XCTAssertEqual(card.frame.minY - firstChip.frame.minY, 44, accuracy: 0.5, "right below the chips: no 40-point header")
        let secondCard = try XCTUnwrap(collectionView.layoutAttributesForItem(at: IndexPath(item: 1, section: 1)))
        XCTAssertEqual(secondCard.frame.minY, card.frame.minY, accuracy: 0.5, "two across")
        XCTAssertTrue(collectionView.visibleSupplementaryViews(ofKind: UICollectionView.elementKindSectionHeader).isEmpty)
        XCTAssertFalse(collectionView.visibleCells.isEmpty)
        for cell in collectionView.visibleCells {
            XCTAssertNotNil(SkeletonCellPainter.overlay(in: cell), "every visible cell is a skeleton")
        }
        XCTAssertEqual(fixture.appRequests, [], "the app's data source is asked nothing, no header above all")
    }

    /// Review 19d, C1: the layout swap reloads the view, as a show over a non-flow layout
    /// must; that reload is the skeleton's own and keeps the sizes of the previous load, the
    /// first source a plan reads. Before the fix, a second show (or a plan made again) found
    /// them forgotten and fell back to the estimate.
    @MainActor
    func testAShowOverACompositionalLayoutKeepsThePreviousLoadsSizes() throws {
        let fixture = Fixture()
        fixture.hostInWindow()
        let collectionView = fixture.collectionView
        let card = IndexPath(item: 0, section: 1)
        // The previous load's card, measured at the skeleton's column width.
        _ = collectionView.fd_size(identifier: Fixture.cellIdentifier, fittingWidth: 155, cacheBy: card) { (cell: SkeletonCardCell) in
            cell.label.text = "A card of the previous load"
        }

        collectionView.fd_showSkeleton(configuration())
        collectionView.fd_showSkeleton(configuration())

        let plan = try XCTUnwrap(collectionView.existingCollectionSkeletonState?.skeleton?.plan)
        XCTAssertEqual(plan.sections[1].items[0].source, .previousLoad, "the card's size survived the layout swaps")
        collectionView.fd_hideSkeleton(animated: false)
    }

    /// Reviews 19h L3, 19j T1, 19l: a compositional layout whose content is inset from the
    /// layout margins: the skeleton's own flow layout insets its sections from them too, so
    /// its columns have the app's width: (320 - 2 x 40 - 10) / 2 = 115, not 155.
    @MainActor
    func testTheSkeletonsLayoutInsetsFromTheCompositionalLayoutsReference() throws {
        let fixture = Fixture()
        let configuration = fixture.layout.configuration
        configuration.contentInsetsReference = .layoutMargins
        fixture.layout.configuration = configuration
        let collectionView = fixture.collectionView
        collectionView.insetsLayoutMarginsFromSafeArea = false
        collectionView.preservesSuperviewLayoutMargins = false
        collectionView.layoutMargins = UIEdgeInsets(top: 0, left: 40, bottom: 0, right: 40)
        fixture.hostInWindow()

        collectionView.fd_showSkeleton(self.configuration())
        collectionView.layoutIfNeeded()

        let skeletonLayout = try XCTUnwrap(collectionView.collectionViewLayout as? UICollectionViewFlowLayout)
        XCTAssertEqual(skeletonLayout.sectionInsetReference, .fromLayoutMargins)
        let card = try XCTUnwrap(collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)))
        XCTAssertEqual(card.size.width, 115, accuracy: 0.5, "the app's column width")
        collectionView.fd_hideSkeleton(animated: false)
    }

    @MainActor
    func testHideGivesTheCompositionalLayoutBackAndShowsTheAppsItemsWithHeaders() throws {
        let fixture = Fixture()
        fixture.hostInWindow()
        let collectionView = fixture.collectionView
        collectionView.fd_showSkeleton(configuration())
        collectionView.layoutIfNeeded()
        XCTAssertFalse(collectionView.collectionViewLayout === fixture.layout, "precondition: set aside")

        fixture.chips = ["@a", "@b"]
        fixture.cards = ["One", "Two", "Three"]
        fixture.appRequests.removeAll()
        collectionView.fd_hideSkeleton(animated: false)
        collectionView.layoutIfNeeded()

        XCTAssertFalse(collectionView.fd_isShowingSkeleton)
        XCTAssertTrue(collectionView.collectionViewLayout === fixture.layout, "the app's own layout object")
        XCTAssertTrue(collectionView.dataSource === fixture)
        XCTAssertEqual(collectionView.numberOfItems(inSection: 0), 2)
        XCTAssertEqual(collectionView.numberOfItems(inSection: 1), 3)
        XCTAssertEqual(collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.size, CGSize(width: 160, height: 60))
        let header = try XCTUnwrap(
            collectionView.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))
                as? SkeletonHeaderView)
        XCTAssertEqual(header.label.text, "Cards")
        XCTAssertTrue(fixture.appRequests.contains { $0.hasPrefix("supplementary") }, "the app's headers are asked again")
        let card = try XCTUnwrap(collectionView.cellForItem(at: IndexPath(item: 0, section: 1)) as? SkeletonCardCell)
        XCTAssertEqual(card.label.text, "One")
        XCTAssertNil(SkeletonCellPainter.overlay(in: card))
    }

    /// A layout the app sets while the skeleton shows is the app's latest word: its headers
    /// are blank while the skeleton shows, and it stays at hide, with a debug message.
    @MainActor
    func testALayoutTheAppSetsWhileTheSkeletonShowsIsKeptAtHide() throws {
        let fixture = Fixture()
        fixture.hostInWindow()
        let collectionView = fixture.collectionView
        let recorder = LineRecorder()
        collectionView.collectionLayoutState.sizes.log = DebugLog(isEnabled: false, reportsProblems: true, sink: DebugLogSink { recorder.add($0) })
        collectionView.fd_showSkeleton(configuration())
        collectionView.layoutIfNeeded()

        let appsNewLayout = Fixture.makeLayout()
        fixture.appRequests.removeAll()
        collectionView.collectionViewLayout = appsNewLayout
        collectionView.layoutIfNeeded()
        XCTAssertTrue(collectionView.fd_isShowingSkeleton)
        let blank = collectionView.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
        XCTAssertNotNil(blank, "the new layout's header is given")
        XCTAssertFalse(blank is SkeletonHeaderView, "blank, not the app's")
        XCTAssertEqual(fixture.appRequests, [], "the app is still asked nothing")

        fixture.cards = ["One"]
        collectionView.fd_hideSkeleton(animated: false)
        collectionView.layoutIfNeeded()

        XCTAssertTrue(collectionView.collectionViewLayout === appsNewLayout, "the app's new layout is kept")
        XCTAssertTrue(recorder.lines.contains { $0.contains("layout was replaced") })
        XCTAssertEqual(collectionView.numberOfItems(inSection: 1), 1)
        let header = collectionView.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))
        XCTAssertEqual((header as? SkeletonHeaderView)?.label.text, "Cards")
    }
}
#endif
