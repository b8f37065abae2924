#if canImport(UIKit)
import UIKit

/// Puts a template in the state a displayed cell of the table would be in before it is
/// configured and measured: the table's text size and scale, its editing state, and (by
/// ``marginSource``) its cells' layout margins; and, after configuring, runs the cell's
/// configuration update and (iOS 26) its properties update, which UIKit runs for a displayed
/// cell before it is shown.
///
/// A template never enters a window, so none of this reaches it on its own: it hears of
/// no text-size change, no editing change, no configuration update and no properties update.
@MainActor
enum TemplatePreparation {
    /// Where a template's horizontal layout margins come from.
    enum MarginSource {
        /// The template's own: those UIKit gives a cell outside a table.
        case templateDefaults
        /// Those of a cell of the same reuse identifier the table shows now, when there is
        /// one: for tables that give their cells other margins (readable width, larger
        /// system margins on wide screens).
        case displayedCell
    }

    /// Whether a detached cell's layout margins match a displayed one's is a device
    /// question: `SelfSizingParityTests.testLabelsPinnedToTheMarginsMatchUIKit` (and its
    /// grouped, inset-grouped and readable-width siblings) compares margin-pinned cells
    /// with UIKit's self-sized rows; if they fail and `.displayedCell` passes, switch here.
    static let marginSource = MarginSource.templateDefaults

    /// How the cell's configuration update is run before measuring.
    enum ConfigurationUpdate {
        /// `updateConfiguration(using:)` with the cell's current `configurationState`, then
        /// its `configurationUpdateHandler`, in the order UIKit documents ("This handler is
        /// called after -updateConfigurationUsingState:", UITableViewCell.h).
        case direct
        /// `setNeedsUpdateConfiguration()` and a layout pass, leaving UIKit to run the update
        /// as it does before a cell is shown.
        case layoutPass
    }

    /// UIKit has no public `updateConfigurationIfNeeded()` for cells (iOS 17.4 SDK), so the
    /// update is run by one of the two public ways above. The layout pass by default: Apple
    /// says of `updateConfiguration(using:)` "Avoid calling this method directly. Instead, use
    /// setNeedsUpdateConfiguration() to request an update" (UITableViewCell.h says the same),
    /// and a subclass's override may rely on UIKit's state at that point.
    /// `SelfSizingParityTests.testAConfigurationUpdateHandlerCellMatchesUIKit` says whether
    /// it gives the height UIKit gives a displayed cell; if it fails and `.direct` passes,
    /// switch here.
    static let configurationUpdate = ConfigurationUpdate.layoutPass

    /// Before configuring a template cell: the table's traits, editing state and margins.
    ///
    /// `indexPath`, when the request names one, lets the row's own editing settings count
    /// (see ``editing(of:in:)``).
    static func prepare(
        _ cell: UITableViewCell, for geometry: TableGeometry, at indexPath: IndexPath?, in table: UITableView, state: TableLayoutState
    ) {
        applyTraits(of: geometry, to: cell, state: state)
        // A displayed cell is put in the table's editing state by the table; delete and
        // reorder controls then narrow its content view.
        let editing: RowEditing = geometry.isEditing ? indexPath.map { Self.editing(of: $0, in: table) } ?? .assumed : .none
        // The reorder control is the cell's own choice (`showsReorderControl`, off by default,
        // UITableViewCell.h): a configure closure that turns it on for displayed cells turns
        // it on for the template too.
        if editing.isEditing { cell.shouldIndentWhileEditing = editing.indents }
        if cell.isEditing != editing.isEditing { cell.setEditing(editing.isEditing, animated: false) }
        if marginSource == .displayedCell { copyMargins(to: cell, in: table) }
    }

    /// The row's editing settings as the table's data source and delegate give them; the
    /// rule is the engine's ``RowEditing``.
    static func editing(of indexPath: IndexPath, in table: UITableView) -> RowEditing {
        let dataSource = table.dataSource
        let style: RowEditing.Style
        switch table.delegate?.tableView?(table, editingStyleForRowAt: indexPath) ?? .delete {
        case .none: style = .none
        case .insert: style = .insert
        case .delete: style = .delete
        @unknown default: style = .delete
        }
        return RowEditing(
            canEdit: dataSource?.tableView?(table, canEditRowAt: indexPath) ?? true,
            style: style,
            indents: table.delegate?.tableView?(table, shouldIndentWhileEditingRowAt: indexPath) ?? true,
            movable: dataSource?.responds(to: #selector(UITableViewDataSource.tableView(_:moveRowAt:to:))) == true
                && dataSource?.tableView?(table, canMoveRowAt: indexPath) != false)
    }

    /// Before configuring a template header or footer view: the table's traits.
    static func prepare(_ view: UITableViewHeaderFooterView, for geometry: TableGeometry, state: TableLayoutState) {
        applyTraits(of: geometry, to: view, state: state)
    }

    /// After configuring a template cell: its configuration update, then its pending
    /// properties update (iOS 26), so that a `configurationUpdateHandler`, an
    /// `updateConfiguration(using:)` override or an `updateProperties()` override has set its
    /// content before it is measured.
    ///
    /// In that order because UIKit runs `updateProperties()` after traits are updated and just
    /// before `layoutSubviews()` ("configures the view's content and styling properties before
    /// layout", UIView docs, iOS 26), and the configuration update may ask for a properties
    /// update (a handler calling `setNeedsUpdateProperties()`, a new content configuration
    /// applied to the content view): the properties update is the last step before layout.
    ///
    /// Only a cell that has a configuration update of its own (a `configurationUpdateHandler`
    /// or an `updateConfiguration(using:)` override) gets it; it is first given `width`, the
    /// width it is measured at, so the layout pass does not run at a dequeued cell's stale
    /// 320 by 44 points, where a cell with a rigid vertical chain of constraints breaks one
    /// and logs "Unable to simultaneously satisfy constraints". Other cells skip the pass, as
    /// FD's sequence did: nothing in it changes their height, and UIKit's own fitting runs
    /// the cell's configuration update first (UIKitCore 26.1).
    static func runConfigurationUpdate(of cell: UITableViewCell, width: CGFloat) {
        guard hasOwnConfigurationUpdate(cell) else {
            runPendingPropertiesUpdate(of: cell)
            return
        }
        if width > 0, cell.bounds.width != width { cell.bounds.size.width = width }
        runConfigurationUpdate(of: cell, requestUpdate: cell.setNeedsUpdateConfiguration) {
            let state = cell.configurationState
            cell.updateConfiguration(using: state)
            if let handler = cell.configurationUpdateHandler { handler(cell, state) }
        }
    }

    /// Whether `cell` sets content in a configuration update: a handler, or a class that
    /// overrides `updateConfiguration(using:)` (its implementation is not `UITableViewCell`'s).
    static func hasOwnConfigurationUpdate(_ cell: UITableViewCell) -> Bool {
        if cell.configurationUpdateHandler != nil { return true }
        let selector = #selector(UITableViewCell.updateConfiguration(using:))
        return type(of: cell).instanceMethod(for: selector) != UITableViewCell.instanceMethod(for: selector)
    }

    /// After configuring a template header or footer view: its configuration update, then its
    /// pending properties update (iOS 26), in the order, on the conditions and for the reasons
    /// of the cell's.
    static func runConfigurationUpdate(of view: UITableViewHeaderFooterView, width: CGFloat) {
        let selector = #selector(UITableViewHeaderFooterView.updateConfiguration(using:))
        let hasOwn = view.configurationUpdateHandler != nil
            || type(of: view).instanceMethod(for: selector) != UITableViewHeaderFooterView.instanceMethod(for: selector)
        guard hasOwn else {
            runPendingPropertiesUpdate(of: view)
            return
        }
        // A dequeued header starts at zero size: laid out at its measuring width instead.
        if width > 0, view.bounds.width != width { view.bounds.size.width = width }
        runConfigurationUpdate(of: view, requestUpdate: view.setNeedsUpdateConfiguration) {
            let state = view.configurationState
            view.updateConfiguration(using: state)
            if let handler = view.configurationUpdateHandler { handler(view, state) }
        }
    }

    /// The switch, once for every kind of view (table cells, headers and footers, collection
    /// cells share no type that has the configuration API): `direct` runs the update now; the
    /// layout pass requests it and lets UIKit run it; the properties update follows either way.
    static func runConfigurationUpdate(of view: UIView, requestUpdate: () -> Void, direct: () -> Void) {
        switch configurationUpdate {
        case .direct:
            direct()
        case .layoutPass:
            requestUpdate()
            view.setNeedsLayout()
            view.layoutIfNeeded()
        }
        runPendingPropertiesUpdate(of: view)
    }

    /// `-[UIView updatePropertiesIfNeeded]` (iOS 26), looked up by name at run time: the
    /// package also compiles against SDKs without it (its iOS check uses the 17.4 SDK).
    static let updatePropertiesIfNeededSelector = NSSelectorFromString("updatePropertiesIfNeeded")

    /// Runs the view's pending `updateProperties()` now, where the OS has it (iOS 26 and
    /// later): "forces an immediate properties update for this view (and its view controller,
    /// if applicable) and any subviews" (UIView docs). A template is in no window, so no
    /// update cycle would run it before it is measured. Earlier systems: nothing to run.
    static func runPendingPropertiesUpdate(of view: UIView) {
        guard view.responds(to: updatePropertiesIfNeededSelector),
              let implementation = view.method(for: updatePropertiesIfNeededSelector)
        else { return }
        // A method taking no argument and returning void: called through its own signature,
        // not `perform(_:)`, which would read a return value the method does not give.
        typealias UpdatePropertiesIfNeeded = @convention(c) (UIView, Selector) -> Void
        unsafeBitCast(implementation, to: UpdatePropertiesIfNeeded.self)(view, updatePropertiesIfNeededSelector)
    }

    /// On iOS 17 and later, overrides the template's text size, text weight (Bold Text) and
    /// scale with the table's. Earlier, a view's traits cannot be overridden;
    /// ``TableLayoutState`` makes new templates when the table's text size or weight changes
    /// instead.
    private static func applyTraits(of geometry: TableGeometry, to view: UIView, state: TableLayoutState) {
        applyTraits(
            contentSizeCategory: geometry.contentSizeCategory, displayScale: geometry.displayScale,
            legibilityWeight: geometry.legibilityWeight, to: view, reportOnce: state.reportOnce)
    }

    /// The traits part of preparing any template (table or collection view): on iOS 17 and
    /// later, overrides the view's text size, text weight (Bold Text) and scale with the
    /// given ones and applies them now; a text size the view does not take is reported once
    /// through `reportOnce(topic, message)`. Earlier, a view's traits cannot be overridden:
    /// nothing happens (the states drop their templates when the text changes instead).
    static func applyTraits(
        contentSizeCategory: LayoutContext.ContentSizeCategory, displayScale: CGFloat,
        legibilityWeight: LayoutContext.LegibilityWeight, to view: UIView, reportOnce: (String, String) -> Void
    ) {
        guard #available(iOS 17, *) else { return }
        let category = UIContentSizeCategory(rawValue: contentSizeCategory.rawValue)
        let wantsCategory = category != .unspecified && view.traitCollection.preferredContentSizeCategory != category
        let wantsScale = displayScale > 0 && view.traitCollection.displayScale != displayScale
        let weight: UILegibilityWeight = legibilityWeight == .bold ? .bold : .regular
        let wantsWeight = TableGeometryReader.legibilityWeight(of: view) != legibilityWeight
        guard wantsCategory || wantsScale || wantsWeight else { return }
        // Trait overrides feed the view's trait collection and its subviews' (UIView.h, iOS 17).
        if wantsCategory { view.traitOverrides.preferredContentSizeCategory = category }
        if wantsScale { view.traitOverrides.displayScale = displayScale }
        if wantsWeight { view.traitOverrides.legibilityWeight = weight }
        // Applies them now and sends trait change callbacks synchronously (UIView.h), so
        // labels with adjustsFontForContentSizeCategory take their new fonts before measuring.
        view.updateTraitsIfNeeded()
        if wantsCategory, view.traitCollection.preferredContentSizeCategory != category {
            reportOnce(
                "template traits",
                "a template did not take the text size \(contentSizeCategory) " +
                "(it reports \(view.traitCollection.preferredContentSizeCategory.rawValue)); its sizes may be wrong")
        }
    }

    /// Copies the horizontal layout margins of a shown cell of the same identifier, and of
    /// its content view, to the template (``MarginSource/displayedCell``).
    private static func copyMargins(to template: UITableViewCell, in table: UITableView) {
        guard let identifier = template.reuseIdentifier,
              // Not visibleCells: a height request may come while UIKit creates cells (see
              // TableGeometryReader.displayedCells).
              let shown = TableGeometryReader.displayedCells(of: table).first(where: { $0 !== template && $0.reuseIdentifier == identifier })
        else { return }
        for (target, source) in [(template as UIView, shown as UIView), (template.contentView, shown.contentView)] {
            var margins = target.directionalLayoutMargins
            margins.leading = source.directionalLayoutMargins.leading
            margins.trailing = source.directionalLayoutMargins.trailing
            if margins != target.directionalLayoutMargins { target.directionalLayoutMargins = margins }
        }
    }
}
#endif
