#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// Issue 14, items 3, 8, 10 and 13: skeletons across a width change, over the cell's own
/// background, without keeping a popped screen alive, and with animations that share one
/// phase, run at a low frame rate and survive cell reuse. They run in Xcode; on Linux they
/// are type-checked only.
final class SkeletonModernTests: XCTestCase {
    private typealias Fixture = RecordingTableFixture

    /// A hosted table showing a skeleton of `rows` long-text rows in `style`.
    @MainActor
    private static func showing(
        rows: Int = 3, style: SkeletonAppearance.Style = .pulse, layoutCache: SkeletonLayoutCache? = nil
    ) -> Fixture {
        let fixture = Fixture(rowCount: 0)
        fixture.hostInWindow()
        var appearance = SkeletonAppearance()
        appearance.style = style
        fixture.table.fd_showSkeleton(SkeletonConfiguration(
            identifier: Fixture.cellIdentifier, rowCount: rows, appearance: appearance, layoutCache: layoutCache
        ) { cell in
            (cell as? LabelCell)?.label.text = TableFixture.text(2)
        })
        fixture.table.layoutIfNeeded()
        return fixture
    }

    @MainActor
    private static func partLayers(of table: UITableView) -> [CALayer] {
        table.visibleCells.flatMap { SkeletonController.overlay(in: $0)?.layer.sublayers ?? [] }
    }

    // MARK: Item 8: no background; the content under the parts is hidden

    @MainActor
    func testTheOverlayPaintsNoBackgroundAndHidesTheContentInstead() throws {
        let fixture = Self.showing()
        let table = fixture.table
        let cell = try XCTUnwrap(table.visibleCells.first as? LabelCell)
        let overlay = try XCTUnwrap(SkeletonController.overlay(in: cell))
        XCTAssertNil(overlay.backgroundColor, "the cell's own background shows around the parts")
        XCTAssertFalse(overlay.isOpaque)
        XCTAssertEqual(cell.label.alpha, 0, "the placeholder text is hidden under the parts")
        XCTAssertFalse(overlay.layer.sublayers?.isEmpty ?? true, "parts were mapped from the visible text")
        table.fd_hideSkeleton(animated: false)
        XCTAssertEqual(cell.label.alpha, 1, "hiding gives the content back")
    }

    /// A view the app made translucent keeps its own alpha after the skeleton.
    @MainActor
    func testHidingGivesEachContentViewItsOwnAlphaBack() throws {
        let fixture = Fixture(rowCount: 0)
        fixture.hostInWindow()
        fixture.table.fd_showSkeleton(SkeletonConfiguration(identifier: Fixture.cellIdentifier, rowCount: 2) { cell in
            (cell as? LabelCell)?.label.text = TableFixture.text(1)
            (cell as? LabelCell)?.label.alpha = 0.5
        })
        fixture.table.layoutIfNeeded()
        let cells = fixture.table.visibleCells.compactMap { $0 as? LabelCell }
        XCTAssertFalse(cells.isEmpty)
        XCTAssertTrue(cells.allSatisfy { $0.label.alpha == 0 })
        fixture.table.fd_hideSkeleton(animated: false)
        XCTAssertTrue(cells.allSatisfy { $0.label.alpha == 0.5 }, "\(cells.map(\.label.alpha))")
    }

    /// Style, level and contrast changes recolour the parts (iOS 17 trait registrations; the
    /// deprecated `traitCollectionDidChange` below). Solid, so the model colour is the one shown.
    @MainActor
    func testPartsFollowTheStyleLevelAndContrastOfTheirSurface() throws {
        guard #available(iOS 17, *) else { throw XCTSkip("the window's traits are overridden with iOS 17 trait overrides") }
        let fixture = Self.showing(style: .solid)
        let window = try XCTUnwrap(fixture.window)
        let appearance = SkeletonAppearance()
        func shownBase() throws -> [CGFloat] {
            window.layoutIfNeeded()
            // Applies pending trait changes now and runs the trait change handlers (UIView.h, iOS 17).
            for cell in fixture.table.visibleCells { SkeletonController.overlay(in: cell)?.updateTraitsIfNeeded() }
            let layer = try XCTUnwrap(Self.partLayers(of: fixture.table).first)
            return try XCTUnwrap(layer.backgroundColor?.converted(
                to: CGColorSpace(name: CGColorSpace.sRGB)!, intent: .defaultIntent, options: nil)?.components)
        }
        func expected(_ traits: SkeletonTraits) -> [CGFloat] {
            let color = appearance.colors(for: traits).base
            return [color.red, color.green, color.blue, color.alpha].map { CGFloat($0) }
        }
        func assertClose(_ shown: [CGFloat], _ wanted: [CGFloat], _ message: String) {
            XCTAssertEqual(shown.count, wanted.count, message)
            for (a, b) in zip(shown, wanted) { XCTAssertEqual(a, b, accuracy: 0.002, message) }
        }
        window.traitOverrides.userInterfaceStyle = .light
        assertClose(try shownBase(), expected(SkeletonTraits()), "light")
        window.traitOverrides.userInterfaceStyle = .dark
        assertClose(try shownBase(), expected(SkeletonTraits(isDark: true)), "dark")
        window.traitOverrides.userInterfaceLevel = .elevated
        assertClose(try shownBase(), expected(SkeletonTraits(isDark: true, isElevated: true)), "dark, elevated")
        window.traitOverrides.accessibilityContrast = .high
        assertClose(try shownBase(), expected(SkeletonTraits(isDark: true, isElevated: true, isHighContrast: true)),
                    "dark, elevated, high contrast")
        fixture.table.fd_hideSkeleton(animated: false)
    }

    // MARK: Item 13: one phase, a low frame rate, nothing re-added on reuse

    @MainActor
    func testEveryPartAnimatesFromOneSharedPhase() throws {
        try XCTSkipIf(UIAccessibility.isReduceMotionEnabled, "Reduce Motion makes the skeleton solid")
        let fixture = Self.showing(rows: 4)
        let layers = Self.partLayers(of: fixture.table)
        XCTAssertGreaterThan(layers.count, 3, "precondition: several rows of parts")
        for layer in layers {
            let animation = try XCTUnwrap(layer.animation(forKey: "pulse"))
            XCTAssertEqual(layer.convertTime(animation.beginTime, to: nil), SkeletonOverlayView.phaseOrigin, accuracy: 1e-6,
                           "every part counts its phase from the same instant")
        }
        fixture.table.fd_hideSkeleton(animated: false)
    }

    @MainActor
    func testAnimationsAskForAtMost30FramesASecond() throws {
        guard #available(iOS 15, *) else { throw XCTSkip("preferredFrameRateRange is iOS 15+") }
        try XCTSkipIf(UIAccessibility.isReduceMotionEnabled, "Reduce Motion makes the skeleton solid")
        for (style, key) in [(SkeletonAppearance.Style.pulse, "pulse"), (.shimmer, "shimmer")] {
            let fixture = Self.showing(style: style)
            let layers = Self.partLayers(of: fixture.table)
            XCTAssertFalse(layers.isEmpty)
            for layer in layers {
                let range = try XCTUnwrap(layer.animation(forKey: key)).preferredFrameRateRange
                XCTAssertLessThanOrEqual(range.maximum, 30, "\(style)")
                XCTAssertGreaterThan(range.minimum, 0, "\(style)")
            }
            fixture.table.fd_hideSkeleton(animated: false)
        }
    }

    /// A reload reconfigures the same cells: their layers and running animations stay.
    @MainActor
    func testReconfiguringReusedCellsKeepsTheirLayersAndRunningAnimations() throws {
        try XCTSkipIf(UIAccessibility.isReduceMotionEnabled, "Reduce Motion makes the skeleton solid")
        let fixture = Self.showing(rows: 3)
        let table = fixture.table
        let before = Self.partLayers(of: table)
        let animations = try before.map { try XCTUnwrap($0.animation(forKey: "pulse")) }
        XCTAssertFalse(before.isEmpty)

        table.reloadData()
        table.layoutIfNeeded()

        let after = Self.partLayers(of: table)
        XCTAssertEqual(after.count, before.count)
        XCTAssertTrue(after.allSatisfy { layer in before.contains { $0 === layer } }, "no layer was made again")
        for (layer, animation) in zip(before, animations) {
            XCTAssertTrue(layer.animation(forKey: "pulse") === animation, "the running animation was not re-added")
        }
        table.fd_hideSkeleton(animated: false)
    }

    // MARK: Item 3: a width change while the skeleton shows

    @MainActor
    func testAWidthChangeWhileShowingPlansTheRowsAgainAndKeysLayoutsByTheirContext() throws {
        let cache = SkeletonLayoutCache(directory: nil, appVersion: "1", isEnabled: true)
        let fixture = Self.showing(rows: 3, layoutCache: cache)
        let table = fixture.table
        let window = try XCTUnwrap(fixture.window)
        let narrow = try XCTUnwrap(table.layoutState.skeleton?.plan)
        let narrowContext = try XCTUnwrap(narrow.context)
        let narrowHeight = try XCTUnwrap(narrow.height(at: IndexPath(row: 0, section: 0)))

        window.frame.size.width = 640
        table.frame.size.width = 640
        window.layoutIfNeeded()
        table.layoutIfNeeded()
        let replanned = spinMainRunLoop(timeout: 2) { table.layoutState.skeleton?.plan.context != narrowContext }
        XCTAssertTrue(replanned, "the rows were planned again")
        table.layoutIfNeeded()

        let wide = try XCTUnwrap(table.layoutState.skeleton?.plan)
        let wideContext = try XCTUnwrap(wide.context)
        XCTAssertEqual(wideContext, table.layoutState.refreshGeometry(of: table).layoutContext)
        let wideHeight = try XCTUnwrap(wide.height(at: IndexPath(row: 0, section: 0)))
        XCTAssertLessThan(wideHeight, narrowHeight, "the long text wraps less at 640 points")
        XCTAssertEqual(table.rectForRow(at: IndexPath(row: 0, section: 0)).height, wideHeight, "the row took its new height")
        XCTAssertEqual(wideHeight, fixture.uncachedHeight(of: TableFixture.text(2)), "the placeholder measured at the new width")

        cache.waitUntilIdle()
        let direction = SkeletonLayoutDirection.leftToRight
        let narrowLayout = try XCTUnwrap(cache.layoutInMemory(for: SkeletonLayoutKey(
            identifier: Fixture.cellIdentifier, context: narrowContext, direction: direction)))
        let wideLayout = try XCTUnwrap(cache.layoutInMemory(for: SkeletonLayoutKey(
            identifier: Fixture.cellIdentifier, context: wideContext, direction: direction)))
        XCTAssertEqual(narrowLayout.size.width, narrowContext.width, accuracy: 0.5, "mapped where it is keyed")
        XCTAssertEqual(wideLayout.size.width, wideContext.width, accuracy: 0.5, "mapped where it is keyed")
        table.fd_hideSkeleton(animated: false)
    }

    // MARK: Item 10: the placeholder closure keeps no screen alive

    /// The screen is held only through its table (in a window): a cycle through the
    /// closure while loading; hiding the skeleton breaks it.
    @MainActor
    func testAScreenCapturedByThePlaceholderIsReleasedWhenTheSkeletonHides() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 600))
        window.isHidden = false
        weak var weakScreen: LoadingScreen?
        var table: UITableView?
        autoreleasepool {
            let screen = LoadingScreen()
            weakScreen = screen
            window.addSubview(screen.view)
            screen.startLoading()
            table = screen.table
        }
        XCTAssertNotNil(weakScreen, "precondition: the closure keeps the screen while loading")
        XCTAssertTrue(table?.fd_isShowingSkeleton ?? false)

        autoreleasepool { table?.fd_hideSkeleton(animated: false) }

        XCTAssertTrue(spinMainRunLoop(timeout: 1) { weakScreen == nil }, "hidden, the skeleton lets the screen go")
        withExtendedLifetime(window) {}
    }

    /// Popped while loading (its view leaves the window), the screen goes away even though
    /// the skeleton never hid.
    @MainActor
    func testAScreenCapturedByThePlaceholderIsReleasedWhenItsTableLeavesTheWindow() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 600))
        window.isHidden = false
        weak var weakScreen: LoadingScreen?
        autoreleasepool {
            let screen = LoadingScreen()
            weakScreen = screen
            window.rootViewController = screen
            window.layoutIfNeeded()
            screen.startLoading()
            XCTAssertTrue(screen.table.fd_isShowingSkeleton)
        }
        XCTAssertNotNil(weakScreen)

        autoreleasepool { window.rootViewController = nil }

        XCTAssertTrue(spinMainRunLoop(timeout: 1) { weakScreen == nil }, "the screen is not kept alive by its own skeleton")
        withExtendedLifetime(window) {}
    }
}
#endif
