#if canImport(UIKit)
import UIKit
import Observation
import XCTest
@testable import TemplateLayoutCell

/// `fd_invalidatesSizesOnObservedChanges` on a real collection view with a flow layout
/// (issue 19, item 7): an edit of an observable property an item's measurement read forgets
/// that item's size, and on a later turn the layout is asked again. They run in Xcode; on
/// Linux they are type-checked only.
@MainActor
final class CollectionObservedSizeTests: XCTestCase {
    func testAnObservedEditForgetsExactlyThatItemsSizeAndAsksTheLayoutAgain() throws {
        guard #available(iOS 17, *) else { throw XCTSkip("Observation is iOS 17+") }
        let fixture = ObservedGridFixture.followingEdits()
        let item = IndexPath(item: 1, section: 0)
        let shortHeight = try XCTUnwrap(fixture.view.layoutAttributesForItem(at: item)).size.height
        XCTAssertEqual(fixture.measurements, [0: 1, 1: 1, 2: 1])
        let before = fixture.layout.invalidations.count

        fixture.posts[1].text = ObservedFeedFixture.long
        XCTAssertEqual(fixture.measurements[1], 1, "nothing is measured inside the change")
        XCTAssertNotNil(fixture.cachedSize(of: fixture.posts[1]), "nothing is forgotten inside the change")
        spinMainRunLoop()
        fixture.view.layoutIfNeeded()

        XCTAssertEqual(fixture.measurements, [0: 1, 1: 2, 2: 1], "only the edited item is measured again, once")
        XCTAssertTrue(fixture.layout.invalidations.dropFirst(before).contains { $0.metrics }, "the layout was asked again")
        let newHeight = try XCTUnwrap(fixture.view.layoutAttributesForItem(at: item)).size.height
        XCTAssertGreaterThan(newHeight, shortHeight, "the item has its new size")
    }

    /// Cached by index path, the flow layout's invalidation context names the changed item.
    func testAnItemCachedByIndexPathIsNamedInTheFlowInvalidationContext() throws {
        guard #available(iOS 17, *) else { throw XCTSkip("Observation is iOS 17+") }
        let fixture = ObservedGridFixture.followingEdits(cachesByIndexPath: true)
        let item = IndexPath(item: 2, section: 0)
        let before = fixture.layout.invalidations.count

        fixture.posts[2].text = ObservedFeedFixture.long
        spinMainRunLoop()
        fixture.view.layoutIfNeeded()

        XCTAssertTrue(fixture.layout.invalidations.dropFirst(before).contains { $0.metrics && $0.items == [item] })
        XCTAssertEqual(fixture.measurements, [0: 1, 1: 1, 2: 2])
    }

    func testAViewThatNeverOptedInIsNotTracked() throws {
        guard #available(iOS 17, *) else { throw XCTSkip("Observation is iOS 17+") }
        let fixture = ObservedGridFixture()
        fixture.hostInWindow()
        let item = IndexPath(item: 1, section: 0)
        let height = try XCTUnwrap(fixture.view.layoutAttributesForItem(at: item)).size.height
        let cached = fixture.cachedSize(of: fixture.posts[1])

        fixture.posts[1].text = ObservedFeedFixture.long
        spinMainRunLoop()
        fixture.view.layoutIfNeeded()

        XCTAssertFalse(fixture.view.fd_invalidatesSizesOnObservedChanges)
        XCTAssertNil(fixture.view.existingCollectionLayoutState?.observedSizes, "nothing follows the reads")
        XCTAssertNotNil(cached)
        XCTAssertEqual(fixture.cachedSize(of: fixture.posts[1]), cached, "the cached size stays, as before this setting")
        XCTAssertEqual(fixture.measurements[1], 1)
        XCTAssertEqual(fixture.view.layoutAttributesForItem(at: item)?.size.height, height)
    }

    func testTurningItOffStopsFollowing() throws {
        guard #available(iOS 17, *) else { throw XCTSkip("Observation is iOS 17+") }
        let fixture = ObservedGridFixture.followingEdits()
        fixture.view.fd_invalidatesSizesOnObservedChanges = false

        fixture.posts[1].text = ObservedFeedFixture.long
        spinMainRunLoop()
        fixture.view.layoutIfNeeded()

        XCTAssertEqual(fixture.measurements[1], 1)
        XCTAssertNotNil(fixture.cachedSize(of: fixture.posts[1]))
    }

    /// Runs the main run loop long enough for blocks on the main queue to run.
    private func spinMainRunLoop() {
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.1))
    }
}

/// Three posts in a flow layout of full-width cards sized by the package, cached by post id
/// (or by index path), counting the measurements of each item (configure closure calls).
@available(iOS 17, *)
@MainActor
final class ObservedGridFixture: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    /// A fixture with `fd_invalidatesSizesOnObservedChanges` on, hosted in a window.
    static func followingEdits(cachesByIndexPath: Bool = false) -> ObservedGridFixture {
        let fixture = ObservedGridFixture()
        fixture.cachesByIndexPath = cachesByIndexPath
        fixture.view.fd_invalidatesSizesOnObservedChanges = true
        fixture.hostInWindow()
        return fixture
    }

    let layout = InvalidationCountingFlowLayout()
    let view: UICollectionView
    var posts = (0..<3).map { ObservablePost(id: $0, text: "Short \($0).") }
    var cachesByIndexPath = false
    /// Configure closure calls, by post id.
    private(set) var measurements: [Int: Int] = [:]
    private let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 600))

    override init() {
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        layout.sectionInset = .zero
        view = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        super.init()
        view.register(CardCell.self, forCellWithReuseIdentifier: CollectionFixture.identifier)
        view.dataSource = self
        view.delegate = self
    }

    func hostInWindow() {
        window.addSubview(view)
        window.isHidden = false
        view.layoutIfNeeded()
    }

    /// The length cached for `post`'s item in the view's width context, read raw (a lookup
    /// through the package would apply edits made on the main thread).
    func cachedSize(of post: ObservablePost) -> CGFloat? {
        guard let state = view.existingCollectionLayoutState else { return nil }
        if cachesByIndexPath { return state.sizes.indexPaths.height(at: IndexPath(item: post.id, section: 0)) }
        return state.sizes.keys.height(forKey: AnyHashable(post.id))
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { posts.count }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: CollectionFixture.identifier, for: indexPath)
        (cell as? CardCell)?.label.text = posts[indexPath.item].text
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize {
        let post = posts[indexPath.item]
        let configure = { (cell: CardCell) in
            self.measurements[post.id, default: 0] += 1
            cell.label.text = post.text
        }
        let width = collectionView.bounds.width
        if cachesByIndexPath {
            return collectionView.fd_size(identifier: CollectionFixture.identifier, fittingWidth: width, cacheBy: indexPath, configure: configure)
        }
        return collectionView.fd_size(identifier: CollectionFixture.identifier, fittingWidth: width, cacheBy: post.id, configure: configure)
    }
}
#endif
