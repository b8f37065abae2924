#if canImport(UIKit)
import UIKit
import ObjectiveC
import XCTest
@testable import TemplateLayoutCell

/// Cells and headers that set their content in `updateProperties()` (iOS 26) are measured
/// with it: the template's pending properties update runs after its configuration update
/// and before it is fitted. They run in Xcode; on Linux they are type-checked only.
///
/// `updateProperties()` cannot be written as a Swift method here: compiled against the iOS 26
/// SDK (Xcode 26 and 27) a method of that selector must say `override`, and against the iOS
/// 17.4 SDK of ios-build `override` does not compile, since UIView has no such method there.
/// So the fixtures add it with `class_addMethod` at run time, which compiles against both, and
/// on iOS 26 overrides UIKit's as a Swift `override` would (the runtime dispatches by selector).
final class PropertiesUpdateTests: XCTestCase {
    @MainActor
    func testACellWhoseTextIsSetInUpdatePropertiesIsMeasuredWithIt() throws {
        guard #available(iOS 26, *) else { throw XCTSkip("updateProperties() is iOS 26+") }
        let fixture = PropertiesFixture()
        let height = fixture.table.fd_height(identifier: PropertiesFixture.cell) { (cell: PropertiesCell) in
            cell.pendingText = PropertiesFixture.long
        }
        let template = try XCTUnwrap(fixture.table.fd_templateCell(forReuseIdentifier: PropertiesFixture.cell) as? PropertiesCell)
        XCTAssertEqual(template.textWhenFitted, PropertiesFixture.long, "updateProperties() ran before the template was fitted")
        XCTAssertEqual(height, fixture.labelCellHeight, "the same height as a cell given the text directly")
    }

    /// The configuration update comes first: what it asks of `updateProperties()` is in place
    /// when the template is fitted.
    @MainActor
    func testAPropertiesUpdateAskedForByTheConfigurationUpdateHandlerIsMeasured() throws {
        guard #available(iOS 26, *) else { throw XCTSkip("updateProperties() is iOS 26+") }
        let fixture = PropertiesFixture()
        let height = fixture.table.fd_height(identifier: PropertiesFixture.cell) { (cell: PropertiesCell) in
            cell.configurationUpdateHandler = { cell, _ in (cell as? PropertiesCell)?.pendingText = PropertiesFixture.long }
        }
        let template = try XCTUnwrap(fixture.table.fd_templateCell(forReuseIdentifier: PropertiesFixture.cell) as? PropertiesCell)
        template.configurationUpdateHandler = nil
        XCTAssertEqual(template.textWhenFitted, PropertiesFixture.long, "the properties update ran after the configuration update")
        XCTAssertEqual(height, fixture.labelCellHeight)
    }

    @MainActor
    func testAHeaderWhoseTextIsSetInUpdatePropertiesIsMeasuredWithIt() throws {
        guard #available(iOS 26, *) else { throw XCTSkip("updateProperties() is iOS 26+") }
        let fixture = PropertiesFixture()
        let height = fixture.table.fd_headerHeight(identifier: PropertiesFixture.header, inSection: 0) { (view: PropertiesHeader) in
            view.pendingText = PropertiesFixture.long
        }
        let direct = fixture.table.fd_headerHeight(identifier: "header", inSection: 1) { (view: LabelHeader) in
            view.label.text = PropertiesFixture.long
        }
        let template = try XCTUnwrap(
            fixture.table.layoutState.templateHeaderFooterView(withIdentifier: PropertiesFixture.header, in: fixture.table) as? PropertiesHeader)
        XCTAssertEqual(template.textWhenFitted, PropertiesFixture.long, "updateProperties() ran before the header was fitted")
        XCTAssertEqual(height, direct, "the same height as a header given the text directly")
    }

    /// Before iOS 26 UIKit has no `updatePropertiesIfNeeded`; a cell class given one at run
    /// time shows that the package finds it by name and calls it once, after the configure
    /// closure and before fitting. (On iOS 26 it would replace UIKit's own: skipped there.)
    @MainActor
    func testUpdatePropertiesIfNeededIsFoundAtRunTimeAndCalledBeforeFitting() throws {
        if #available(iOS 26, *) { throw XCTSkip("UIKit has its own updatePropertiesIfNeeded") }
        let fixture = PropertiesFixture()
        fixture.table.register(PropertiesFixture.cellClassWithUpdatePropertiesIfNeeded, forCellReuseIdentifier: "runtime")
        let height = fixture.table.fd_height(identifier: "runtime") { (cell: PropertiesCell) in
            cell.pendingText = PropertiesFixture.long
        }
        let template = try XCTUnwrap(fixture.table.fd_templateCell(forReuseIdentifier: "runtime") as? PropertiesCell)
        XCTAssertEqual(template.propertiesUpdates, 1)
        XCTAssertEqual(template.textWhenFitted, PropertiesFixture.long)
        XCTAssertEqual(height, fixture.labelCellHeight)
    }

    /// Where the OS has no `updatePropertiesIfNeeded`, measuring does not call it (no
    /// unrecognised selector) and the text set only in `updateProperties()` is not applied.
    @MainActor
    func testWithoutUpdatePropertiesTheCellIsMeasuredAsConfigured() throws {
        if #available(iOS 26, *) { throw XCTSkip("iOS 26 has updateProperties()") }
        let fixture = PropertiesFixture()
        _ = fixture.table.fd_height(identifier: PropertiesFixture.cell) { (cell: PropertiesCell) in
            cell.pendingText = PropertiesFixture.long
        }
        let template = try XCTUnwrap(fixture.table.fd_templateCell(forReuseIdentifier: PropertiesFixture.cell) as? PropertiesCell)
        XCTAssertEqual(template.propertiesUpdates, 0)
        XCTAssertNil(template.textWhenFitted)
    }
}

/// A table in a window with a properties cell and header registered, and the label cell and
/// header of ``TableFixture`` to compare with.
@MainActor
final class PropertiesFixture {
    static let cell = "properties"
    static let header = "properties header"
    static let long = TableFixture.text(2)
    let base = TableFixture(sections: [["a"], ["b"], ["c"]]).hostInWindow()
    var table: UITableView { base.table }

    init() {
        PropertiesRuntime.installUpdateProperties()
        table.register(PropertiesCell.self, forCellReuseIdentifier: Self.cell)
        table.register(PropertiesHeader.self, forHeaderFooterViewReuseIdentifier: Self.header)
    }

    /// The label cell's height for ``long``, its text set directly.
    var labelCellHeight: CGFloat { base.uncachedHeight(of: Self.long) }

    /// A subclass of ``PropertiesCell``, made once at run time, with an
    /// `updatePropertiesIfNeeded` method that applies the pending text.
    static let cellClassWithUpdatePropertiesIfNeeded: AnyClass = PropertiesRuntime.subclassWithUpdatePropertiesIfNeeded()
}

/// A cell whose label takes ``pendingText`` only in `updateProperties()`, as an iOS 26 cell
/// that reads its model there does; it records the label's text when it is fitted.
final class PropertiesCell: UITableViewCell {
    let label = UILabel()
    private(set) var textWhenFitted: String?
    fileprivate(set) var propertiesUpdates = 0
    fileprivate var needsPropertiesUpdate = false
    var pendingText = "" {
        didSet {
            needsPropertiesUpdate = true
            PropertiesRuntime.setNeedsUpdateProperties(self)
        }
    }

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        PropertiesRuntime.pin(label, in: contentView, vertical: 10)
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    func applyPendingProperties() {
        propertiesUpdates += 1
        needsPropertiesUpdate = false
        label.text = pendingText
    }

    override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontal: UILayoutPriority, verticalFittingPriority vertical: UILayoutPriority
    ) -> CGSize {
        // Read before UIKit's fitting, which may run a pending properties update itself.
        textWhenFitted = label.text
        return super.systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: horizontal, verticalFittingPriority: vertical)
    }
}

/// The header counterpart of ``PropertiesCell``.
final class PropertiesHeader: UITableViewHeaderFooterView {
    let label = UILabel()
    private(set) var textWhenFitted: String?
    var pendingText = "" { didSet { PropertiesRuntime.setNeedsUpdateProperties(self) } }

    override init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        PropertiesRuntime.pin(label, in: contentView, vertical: 8)
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    func applyPendingProperties() {
        label.text = pendingText
    }

    override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontal: UILayoutPriority, verticalFittingPriority vertical: UILayoutPriority
    ) -> CGSize {
        textWhenFitted = label.text
        return super.systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: horizontal, verticalFittingPriority: vertical)
    }
}

/// The run-time side of the fixtures: the iOS 26 selectors, reached by name.
enum PropertiesRuntime {
    static var updateProperties: Selector { NSSelectorFromString("updateProperties") }
    static var setNeedsUpdateProperties: Selector { NSSelectorFromString("setNeedsUpdateProperties") }
    static var updatePropertiesIfNeeded: Selector { NSSelectorFromString("updatePropertiesIfNeeded") }
    typealias VoidMethod = @convention(c) (AnyObject, Selector) -> Void

    /// Calls `-setNeedsUpdateProperties` where UIKit has it (iOS 26).
    @MainActor
    static func setNeedsUpdateProperties(_ view: UIView) {
        guard view.responds(to: setNeedsUpdateProperties), let implementation = view.method(for: setNeedsUpdateProperties) else { return }
        unsafeBitCast(implementation, to: VoidMethod.self)(view, setNeedsUpdateProperties)
    }

    /// Gives ``PropertiesCell`` and ``PropertiesHeader`` an `updateProperties` that calls
    /// UIKit's (super's) and then applies the pending text; only where UIKit has the method.
    @MainActor
    static func installUpdateProperties() {
        _ = installed
    }

    private static let installed: Void = {
        let pairs: [(viewClass: AnyClass, superclass: AnyClass)] = [
            (PropertiesCell.self, UITableViewCell.self), (PropertiesHeader.self, UITableViewHeaderFooterView.self),
        ]
        for pair in pairs {
            // Before iOS 26 there is no super to call, and UIKit never calls the method.
            guard let superMethod = class_getInstanceMethod(pair.superclass, updateProperties) else { continue }
            let superImplementation = method_getImplementation(superMethod)
            let block: @convention(block) (UIView) -> Void = { view in
                unsafeBitCast(superImplementation, to: VoidMethod.self)(view, updateProperties)
                // UIKit calls updateProperties on the main thread, in its update cycle.
                MainActor.assumeIsolated {
                    (view as? PropertiesCell)?.applyPendingProperties()
                    (view as? PropertiesHeader)?.applyPendingProperties()
                }
            }
            class_addMethod(pair.viewClass, updateProperties, imp_implementationWithBlock(block), method_getTypeEncoding(superMethod))
        }
    }()

    /// A new subclass of ``PropertiesCell`` whose `updatePropertiesIfNeeded` applies the
    /// pending text when one is pending, as UIKit's runs a pending `updateProperties()`.
    static func subclassWithUpdatePropertiesIfNeeded() -> AnyClass {
        let name = "TLCPropertiesCell_\(UUID().uuidString.replacingOccurrences(of: "-", with: ""))"
        guard let cellClass = objc_allocateClassPair(PropertiesCell.self, name, 0) else { return PropertiesCell.self }
        let block: @convention(block) (PropertiesCell) -> Void = { cell in
            MainActor.assumeIsolated {
                if cell.needsPropertiesUpdate { cell.applyPendingProperties() }
            }
        }
        class_addMethod(cellClass, updatePropertiesIfNeeded, imp_implementationWithBlock(block), "v@:")
        objc_registerClassPair(cellClass)
        return cellClass
    }

    /// Pins a multi-line label to the content view's edges.
    @MainActor
    static func pin(_ label: UILabel, in contentView: UIView, vertical: CGFloat) {
        label.numberOfLines = 0
        label.font = .systemFont(ofSize: 17)
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: vertical),
            label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -vertical),
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
        ])
    }
}
#endif
