#if canImport(UIKit)
import UIKit
import Observation
import XCTest
@testable import TemplateLayoutCell

/// `fd_invalidatesHeightsOnObservedChanges` on a real table: an edit of an observable
/// property a row's measurement read re-measures that row, once, on a later turn of the main
/// run loop, and UIKit is asked for heights again with one empty batch per turn. They run in
/// Xcode; on Linux they are type-checked only.
@MainActor
final class ObservedHeightTests: XCTestCase {
    func testAnEditOfAPropertyTheConfigureClosureReadRemeasuresTheRowOnce() throws {
        guard #available(iOS 17, *) else { throw XCTSkip("Observation is iOS 17+") }
        let fixture = ObservedFeedFixture.followingEdits()
        let row = IndexPath(row: 1, section: 0)
        let shortHeight = fixture.table.rectForRow(at: row).height
        let requestsBefore = fixture.heightRequests[row, default: 0]
        XCTAssertEqual(fixture.measurements, [0: 1, 1: 1, 2: 1])

        fixture.posts[1].text = ObservedFeedFixture.long
        XCTAssertEqual(fixture.measurements[1], 1, "nothing is measured inside the change")
        spinMainRunLoop()

        XCTAssertEqual(fixture.measurements, [0: 1, 1: 2, 2: 1], "only the edited row is measured again, once")
        XCTAssertGreaterThan(fixture.heightRequests[row, default: 0], requestsBefore, "UIKit asked for its height again")
        XCTAssertEqual(fixture.table.emptyBatches, 1)
        XCTAssertGreaterThan(fixture.table.rectForRow(at: row).height, shortHeight, "the row has its new height")
    }

    func testTwoEditsInOneTurnMakeOneBatch() throws {
        guard #available(iOS 17, *) else { throw XCTSkip("Observation is iOS 17+") }
        let fixture = ObservedFeedFixture.followingEdits()

        fixture.posts[0].text = ObservedFeedFixture.long
        fixture.posts[2].text = ObservedFeedFixture.long
        fixture.posts[2].text += " Edited twice."
        spinMainRunLoop()

        XCTAssertEqual(fixture.table.emptyBatches, 1, "one batch for every change of the turn")
        XCTAssertEqual(fixture.measurements, [0: 2, 1: 1, 2: 2])
    }

    /// The configure closure only hands the model over; the cell reads it in its
    /// configuration update, which runs inside the measurement (issue 14, item 7).
    func testAReadInTheCellsConfigurationUpdateIsFollowed() throws {
        guard #available(iOS 17, *) else { throw XCTSkip("Observation is iOS 17+") }
        let fixture = ObservedFeedFixture.followingEdits(cellReadsModelInConfigurationUpdate: true)
        let row = IndexPath(row: 0, section: 0)
        let shortHeight = fixture.table.rectForRow(at: row).height

        fixture.posts[0].text = ObservedFeedFixture.long
        spinMainRunLoop()

        XCTAssertEqual(fixture.measurements[0], 2)
        XCTAssertGreaterThan(fixture.table.rectForRow(at: row).height, shortHeight)
    }

    /// Review P2: Observation calls back in `willSet`, before the other thread stores the
    /// value, so the main thread may measure the old text again; the change is applied, and a
    /// turn later the row's height is forgotten and asked for once more.
    func testAnEditOnAnotherThreadIsAppliedOnTheMainThreadAndCheckedAgainATurnLater() throws {
        guard #available(iOS 17, *) else { throw XCTSkip("Observation is iOS 17+") }
        let fixture = ObservedFeedFixture.followingEdits()
        let post = fixture.posts[1]

        // A thread of its own: `DispatchQueue.global().sync` may run the block on the main
        // thread itself (Dispatch's documented optimisation), which is no other thread.
        let done = DispatchSemaphore(value: 0)
        let long = ObservedFeedFixture.long
        Thread {
            post.text = long
            done.signal()
        }.start()
        done.wait()
        XCTAssertEqual(fixture.measurements[1], 1)
        spinMainRunLoop()

        XCTAssertEqual(fixture.measurements[1], 3, "measured on the change's turn, and once more on the next")
        XCTAssertEqual(fixture.table.emptyBatches, 2)
        XCTAssertEqual(fixture.measurements[0], 1, "other rows are not measured again")
    }

    func testWithoutOptingInAnEditChangesNothing() throws {
        guard #available(iOS 17, *) else { throw XCTSkip("Observation is iOS 17+") }
        let fixture = ObservedFeedFixture()
        fixture.hostInWindow()
        let row = IndexPath(row: 1, section: 0)
        let height = fixture.table.rectForRow(at: row).height

        fixture.posts[1].text = ObservedFeedFixture.long
        spinMainRunLoop()

        XCTAssertFalse(fixture.table.fd_invalidatesHeightsOnObservedChanges)
        XCTAssertEqual(fixture.measurements[1], 1)
        XCTAssertEqual(fixture.table.emptyBatches, 0)
        XCTAssertEqual(fixture.table.rectForRow(at: row).height, height, "the cached height stays, as before this setting")
    }

    func testTurningItOffStopsFollowing() throws {
        guard #available(iOS 17, *) else { throw XCTSkip("Observation is iOS 17+") }
        let fixture = ObservedFeedFixture.followingEdits()
        fixture.table.fd_invalidatesHeightsOnObservedChanges = false

        fixture.posts[1].text = ObservedFeedFixture.long
        spinMainRunLoop()

        XCTAssertEqual(fixture.measurements[1], 1)
        XCTAssertEqual(fixture.table.emptyBatches, 0)
    }

    /// By index path, a row is followed until the table's rows change: an edit after an
    /// insert forgets nothing (the old index path is another row's now) and asks nothing.
    func testAnIndexPathRowIsNotForgottenAtItsOldIndexPathAfterAnInsert() throws {
        guard #available(iOS 17, *) else { throw XCTSkip("Observation is iOS 17+") }
        let fixture = ObservedFeedFixture.followingEdits(cachesByIndexPath: true)
        let edited = fixture.posts[1]
        fixture.posts.insert(ObservablePost(id: 99, text: ObservedFeedFixture.long), at: 0)
        fixture.table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .none)
        fixture.table.layoutIfNeeded()
        let heightAtOldPath = fixture.table.layoutState.heights.indexPaths.height(at: IndexPath(row: 1, section: 0))

        edited.text = ObservedFeedFixture.long
        spinMainRunLoop()

        XCTAssertEqual(fixture.table.emptyBatches, 0)
        XCTAssertEqual(fixture.table.layoutState.heights.indexPaths.height(at: IndexPath(row: 1, section: 0)), heightAtOldPath)
    }

    /// Review 18, L1: an app that animates an edit itself, with an empty batch right after it
    /// (FD's idiom), gets the new height from that batch, not from the next turn's.
    func testAnEditFollowedInTheSameTurnByPerformBatchUpdatesGetsTheNewHeight() throws {
        guard #available(iOS 17, *) else { throw XCTSkip("Observation is iOS 17+") }
        let fixture = ObservedFeedFixture.followingEdits()
        let row = IndexPath(row: 1, section: 0)
        let shortHeight = fixture.table.rectForRow(at: row).height

        fixture.posts[1].text = ObservedFeedFixture.long
        // UIKit asks every row's height as the empty batch ends (UIKitCore, review notes Q7).
        fixture.table.performBatchUpdates(nil, completion: nil)

        XCTAssertEqual(fixture.measurements[1], 2, "measured again inside the app's batch")
        XCTAssertGreaterThan(fixture.table.rectForRow(at: row).height, shortHeight, "before the next turn")
        spinMainRunLoop()
        XCTAssertEqual(fixture.measurements[1], 2, "the next turn's batch finds the new height cached")
    }

    /// Review 18, C1: an edit, then an insert in the same turn (a batch fetch landing): the
    /// edited row moves without its old height and is measured with its new text.
    func testAnEditMadeBeforeAnInsertInTheSameTurnGivesTheMovedRowItsNewHeight() throws {
        guard #available(iOS 17, *) else { throw XCTSkip("Observation is iOS 17+") }
        let fixture = ObservedFeedFixture.followingEdits(cachesByIndexPath: true)
        let shortHeight = fixture.table.rectForRow(at: IndexPath(row: 1, section: 0)).height

        fixture.posts[1].text = ObservedFeedFixture.long
        fixture.posts.insert(ObservablePost(id: 99, text: "Short 99."), at: 0)
        fixture.table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .none)
        fixture.table.layoutIfNeeded()

        XCTAssertGreaterThan(fixture.table.rectForRow(at: IndexPath(row: 2, section: 0)).height, shortHeight,
                             "the edited row, now row 2, has its new height, not the one cached before the edit")
        spinMainRunLoop()
        XCTAssertGreaterThan(fixture.table.rectForRow(at: IndexPath(row: 2, section: 0)).height, shortHeight)
    }

    /// Review 18b, F3: FD's cache objects are lookups too; an edit made this turn is seen
    /// by them as by `fd_height`.
    func testFDsCacheObjectsSeeAnEditMadeInTheSameTurn() throws {
        guard #available(iOS 17, *) else { throw XCTSkip("Observation is iOS 17+") }
        let fixture = ObservedFeedFixture.followingEdits(cachesByIndexPath: true)
        let row = IndexPath(row: 1, section: 0)
        let cache: FDIndexPathHeightCache = fixture.table.fd_indexPathHeightCache
        XCTAssertTrue(cache.existsHeight(at: row), "precondition: measured")

        fixture.posts[1].text = ObservedFeedFixture.long

        XCTAssertFalse(cache.existsHeight(at: row), "the edit forgot the row's height before the next turn")
    }

    /// Review 18c: the observed-change turn does not run in a run of the loop spun inside one
    /// of the package's calls (a measurement): there it forgot a height the call was about to
    /// store from what it read before the change.
    func testAnObservedChangeIsAppliedAfterThePackagesCallNotInsideIt() throws {
        guard #available(iOS 17, *) else { throw XCTSkip("Observation is iOS 17+") }
        let fixture = ObservedFeedFixture.followingEdits()
        let key = AnyHashable(fixture.posts[1].id)
        var cachedInside: CGFloat?
        LiveCalls.during {
            fixture.posts[1].text = ObservedFeedFixture.long
            RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.1))
            // Read raw: a lookup through the package would apply the change itself.
            cachedInside = fixture.table.layoutState.heights.keys.height(forKey: key)
        }
        XCTAssertNotNil(cachedInside, "not forgotten inside the call")
        spinMainRunLoop()
        XCTAssertEqual(fixture.measurements[1], 2, "forgotten after it, and measured again")
    }

    /// Runs the main run loop long enough for blocks on the main queue to run.
    private func spinMainRunLoop() {
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.1))
    }
}

/// A post as an app's observable model, written out as the `@Observable` macro expands it
/// (the macro does not expand in code compiled against this SDK). `@unchecked Sendable` only
/// so one test can change it from another thread, as apps do; the tests never race on it.
@available(iOS 17, *)
final class ObservablePost: Observable, @unchecked Sendable {
    let id: Int
    private let registrar = ObservationRegistrar()
    private var storedText: String

    init(id: Int, text: String) {
        self.id = id
        self.storedText = text
    }

    var text: String {
        get {
            registrar.access(self, keyPath: \.text)
            return storedText
        }
        set {
            registrar.withMutation(of: self, keyPath: \.text) { storedText = newValue }
        }
    }
}

/// A cell showing a post; when ``readsInConfigurationUpdate`` it reads the post only in its
/// configuration update, as a cell with a content configuration does.
@available(iOS 17, *)
final class ObservedPostCell: UITableViewCell {
    let label = UILabel()
    var post: ObservablePost?
    var readsInConfigurationUpdate = false

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        PropertiesRuntime.pin(label, in: contentView, vertical: 10)
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func updateConfiguration(using state: UICellConfigurationState) {
        super.updateConfiguration(using: state)
        if readsInConfigurationUpdate { label.text = post?.text }
    }
}

/// A table that counts the empty batch updates it is given.
final class BatchCountingTableView: UITableView {
    private(set) var emptyBatches = 0

    override func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        if updates == nil { emptyBatches += 1 }
        super.performBatchUpdates(updates, completion: completion)
    }
}

/// Three posts in a table cached by post id (or by index path), counting the measurements of
/// each row (configure closure calls) and UIKit's height requests.
@available(iOS 17, *)
@MainActor
final class ObservedFeedFixture: NSObject, UITableViewDataSource, UITableViewDelegate {
    static let long = TableFixture.text(2) + " " + TableFixture.text(2)

    /// A fixture with `fd_invalidatesHeightsOnObservedChanges` on, hosted in a window.
    static func followingEdits(cachesByIndexPath: Bool = false, cellReadsModelInConfigurationUpdate: Bool = false) -> ObservedFeedFixture {
        let fixture = ObservedFeedFixture()
        fixture.cachesByIndexPath = cachesByIndexPath
        fixture.cellReadsModelInConfigurationUpdate = cellReadsModelInConfigurationUpdate
        fixture.table.fd_invalidatesHeightsOnObservedChanges = true
        fixture.hostInWindow()
        return fixture
    }

    let table = BatchCountingTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 600), style: .plain)
    var posts = (0..<3).map { ObservablePost(id: $0, text: "Short \($0).") }
    var cellReadsModelInConfigurationUpdate = false
    var cachesByIndexPath = false
    /// Configure closure calls, by post id.
    private(set) var measurements: [Int: Int] = [:]
    private(set) var heightRequests: [IndexPath: Int] = [:]
    private var window: UIWindow?

    override init() {
        super.init()
        table.register(ObservedPostCell.self, forCellReuseIdentifier: "post")
        table.estimatedRowHeight = 0
        table.dataSource = self
        table.delegate = self
    }

    func hostInWindow() {
        let window = UIWindow(frame: table.frame)
        window.addSubview(table)
        window.makeKeyAndVisible()
        self.window = window
        table.layoutIfNeeded()
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { posts.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "post", for: indexPath)
        (cell as? ObservedPostCell)?.label.text = posts[indexPath.row].text
        return cell
    }

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        heightRequests[indexPath, default: 0] += 1
        let post = posts[indexPath.row]
        let configure = { (cell: ObservedPostCell) in
            self.measurements[post.id, default: 0] += 1
            cell.readsInConfigurationUpdate = self.cellReadsModelInConfigurationUpdate
            cell.post = post
            if !self.cellReadsModelInConfigurationUpdate { cell.label.text = post.text }
        }
        if cachesByIndexPath { return tableView.fd_height(identifier: "post", cacheBy: indexPath, configure: configure) }
        return tableView.fd_height(identifier: "post", cacheBy: post.id, configure: configure)
    }
}
#endif
