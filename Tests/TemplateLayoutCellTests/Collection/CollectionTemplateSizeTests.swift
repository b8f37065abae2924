#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// Templates built from registrations (never dequeued), the class variant, caching, the
/// diffable refusal and bad input.
final class CollectionTemplateSizeTests: XCTestCase {
    @MainActor
    func testTemplatesAreNeverDequeued() {
        let fixture = CollectionFixture(layout: CollectionFixture.estimatedListLayout()).hostInWindow()
        let view = fixture.collectionView
        for item in 0..<CollectionFixture.texts.count {
            _ = view.fd_size(identifier: CollectionFixture.identifier, fittingWidth: 200, cacheBy: IndexPath(item: item, section: 0)) {
                (cell: CardCell) in fixture.configure(cell, item: item)
            }
        }
        // A view dequeued outside cellForItemAt throws here, at the next pass, on iOS 18+.
        view.reloadData()
        view.layoutIfNeeded()
        XCTAssertEqual(view.fd_sizeStatistics.layouts, CollectionFixture.texts.count, "every item was measured")
        XCTAssertGreaterThan(fixture.cellRequests, 0)
        XCTAssertEqual(view.dequeues, fixture.cellRequests, "only the data source dequeued")
    }

    @MainActor
    func testARegistrationMadeBeforeTheFirstPackageCallIsFound() {
        XCTAssertTrue(RegistrationTracking.installedAtLaunch, "the FDTemplateLayoutCell loader installed the tracking at launch")
        let fixture = CollectionFixture(layout: UICollectionViewFlowLayout())
        let view = fixture.collectionView
        XCTAssertNil(view.existingCollectionLayoutState, "registered before any call of the package")
        view.collectionLayoutState.assertsOnMisuse = false
        let size = view.fd_size(identifier: CollectionFixture.identifier, fittingWidth: 300) { (cell: CardCell) in
            fixture.configure(cell, item: 2)
        }
        XCTAssertEqual(view.fd_sizeStatistics.layouts, 1, "measured, not answered with the fallback")
        XCTAssertGreaterThan(size.height, 60, "three sentences wrap at 300 points")
        XCTAssertEqual(size.width, 300)
    }

    @MainActor
    func testTheClassVariantNeedsNoRegistration() {
        let fixture = CollectionFixture(layout: UICollectionViewFlowLayout(), register: false)
        let view = fixture.collectionView
        view.collectionLayoutState.assertsOnMisuse = false
        let byIdentifier = view.fd_size(identifier: CollectionFixture.identifier, fittingWidth: 300) { (_: CardCell) in }
        XCTAssertEqual(view.fd_sizeStatistics.layouts, 0, "an unregistered identifier is not measured")
        XCTAssertEqual(byIdentifier, CGSize(width: 300, height: 50), "the flow layout's default item size")
        let byClass = view.fd_size(of: CardCell.self, fittingWidth: 300, cacheBy: "long") { cell in fixture.configure(cell, item: 2) }
        XCTAssertEqual(view.fd_sizeStatistics.layouts, 1)
        XCTAssertGreaterThan(byClass.height, 60)
        let chip = view.fd_size(of: CardCell.self, fittingHeight: 44) { cell in cell.label.text = "Chip" }
        XCTAssertEqual(chip.height, 44, "the answer's fixed axis is the height given")
        XCTAssertGreaterThan(chip.width, 24 + 10, "the width was measured: insets and a word")
        XCTAssertLessThan(chip.width, 200)
    }

    @MainActor
    func testACacheHitDoesNotCallConfigure() {
        let fixture = CollectionFixture(layout: UICollectionViewFlowLayout())
        let view = fixture.collectionView
        var configured = 0
        let first = view.fd_size(identifier: CollectionFixture.identifier, fittingWidth: 300, cacheBy: "item-2") { (cell: CardCell) in
            configured += 1
            fixture.configure(cell, item: 2)
        }
        let second = view.fd_size(identifier: CollectionFixture.identifier, fittingWidth: 300, cacheBy: "item-2") { (cell: CardCell) in
            configured += 1
            fixture.configure(cell, item: 2)
        }
        XCTAssertEqual(configured, 1)
        XCTAssertEqual(first, second)
        let other = view.fd_size(identifier: CollectionFixture.identifier, fittingWidth: 150, cacheBy: "item-2") { (cell: CardCell) in
            configured += 1
            fixture.configure(cell, item: 2)
        }
        XCTAssertEqual(configured, 2, "another width is another context")
        XCTAssertGreaterThan(other.height, first.height)
        view.fd_invalidateSize(forKey: "item-2")
        _ = view.fd_size(identifier: CollectionFixture.identifier, fittingWidth: 300, cacheBy: "item-2") { (cell: CardCell) in
            configured += 1
            fixture.configure(cell, item: 2)
        }
        XCTAssertEqual(configured, 3, "forgotten by the invalidation")
    }

    @MainActor
    func testADiffableDataSourceRefusesIndexPathCaching() {
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: UICollectionViewFlowLayout())
        view.register(CardCell.self, forCellWithReuseIdentifier: CollectionFixture.identifier)
        let dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: view) { view, indexPath, _ in
            view.dequeueReusableCell(withReuseIdentifier: CollectionFixture.identifier, for: indexPath)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems([1, 2, 3])
        dataSource.apply(snapshot, animatingDifferences: false)
        var configured = 0
        for _ in 0..<2 {
            _ = view.fd_size(identifier: CollectionFixture.identifier, fittingWidth: 300, cacheBy: IndexPath(item: 0, section: 0)) {
                (cell: CardCell) in configured += 1; cell.label.text = "A"
            }
        }
        XCTAssertEqual(configured, 2, "by index path: measured each time, never cached")
        for _ in 0..<2 {
            _ = view.fd_size(identifier: CollectionFixture.identifier, fittingWidth: 300, cacheBy: 1) {
                (cell: CardCell) in configured += 1; cell.label.text = "A"
            }
        }
        XCTAssertEqual(configured, 3, "by item identifier: cached")
        withExtendedLifetime(dataSource) {}
    }

    @MainActor
    func testBadInputAnswersTheFallbackWithoutCaching() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 80, height: 60)
        let fixture = CollectionFixture(layout: layout)
        let view = fixture.collectionView
        view.collectionLayoutState.assertsOnMisuse = false
        var configured = 0
        func size(_ identifier: String = CollectionFixture.identifier, width: CGFloat, at indexPath: IndexPath) -> CGSize {
            view.fd_size(identifier: identifier, fittingWidth: width, cacheBy: indexPath) { (cell: CardCell) in
                configured += 1
                fixture.configure(cell, item: 2)
            }
        }
        let valid = IndexPath(item: 1, section: 0)
        XCTAssertEqual(size("unregistered", width: 100, at: valid), CGSize(width: 100, height: 60))
        XCTAssertEqual(size(width: .nan, at: valid), CGSize(width: 80, height: 60), "no width: the item size's")
        XCTAssertEqual(size(width: 0, at: valid), CGSize(width: 80, height: 60))
        XCTAssertEqual(size(width: -5, at: valid), CGSize(width: 80, height: 60))
        XCTAssertEqual(size(width: 100, at: IndexPath(item: 99, section: 0)), CGSize(width: 100, height: 60), "beyond the items")
        XCTAssertEqual(size(width: 100, at: IndexPath(item: 0, section: 5)), CGSize(width: 100, height: 60), "beyond the sections")
        XCTAssertEqual(size(width: 100, at: IndexPath(index: 3)), CGSize(width: 100, height: 60), "not an item's index path")
        let wrongClass = view.fd_size(identifier: CollectionFixture.identifier, fittingWidth: 100, cacheBy: valid) { (_: OtherCardCell) in
            configured += 1
        }
        XCTAssertEqual(wrongClass, CGSize(width: 100, height: 60))
        XCTAssertEqual(configured, 0, "nothing was configured or measured")
        XCTAssertEqual(view.fd_sizeStatistics.layouts, 0)
        let measured = size(width: 100, at: valid)
        XCTAssertEqual(configured, 1, "nothing was cached for the bad requests: this one measures")
        XCTAssertGreaterThan(measured.height, 60)
    }
}
#endif
