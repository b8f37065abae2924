#if canImport(UIKit)
import UIKit

/// What a table's kept templates do when the app registers an identifier again: the hooks
/// on UIKit's four `register` methods (`UpdateTracking+Registrations.swift`) call in here.
extension TableLayoutState {
    /// Called after the app registered a class or nib for `identifier` (cells, or headers
    /// and footers): UIKit's registry "replaces the old entry" (UITableView.h), so a kept
    /// template of another class is dropped, and the heights cached by index path, measured
    /// with it, are forgotten and asked again (review 19a, C1). The same class registered again
    /// (apps that register on every appearance, or every dequeue) changes nothing; the class
    /// is compared with `isMember(of:)`, which sees through key-value observing's subclass.
    /// A nib is known only by loading it: the next template request of the identifier, from
    /// any caller, loads it once and compares (reviews 19c F4, 19e G5, 19g H1), so apps that
    /// register on every dequeue pay one nib load per measured row, never per hit. Keyed
    /// heights stay: the app forgets them with `fd_invalidateHeight(forKey:)`.
    func registrationDidChange(forIdentifier identifier: String, headerFooter: Bool, newClass: AnyClass?, newNib: UINib?) {
        let name = TemplateName(identifier: identifier, headerFooter: headerFooter)
        let kept: UIView? = headerFooter ? templateHeaderFooters[identifier] : templateCells[identifier]
        // Any registration replaces a nib registered before it (review 19i, I3); without a
        // kept template the next one is made from the registration anyway.
        nibsToCompare[name] = kept == nil ? nil : newNib
        guard let kept, newNib == nil, let newClass, !kept.isMember(of: newClass) else { return }
        replaceTemplate(forIdentifier: identifier, headerFooter: headerFooter, with: nil, forgetting: true, registered: "class, \(newClass)")
    }

    /// Replaces a kept template with a view of the nib its identifier was registered with
    /// since, loaded once here: not one dequeued, which may come from the reuse pool and be
    /// of the old registration (review 19i, I1); a nib of the same class but another layout
    /// is measured from now on too (I2). The index-path heights are forgotten only when the
    /// class changed: apps that register the same nib on every dequeue keep them.
    ///
    /// Headers and footers are set up for their table by UIKit's dequeue (its style; review
    /// 19k, K1): the loaded view only tells their class, and the template is dequeued, past
    /// pooled views of another class.
    func compareWithNibRegisteredSince(_ name: TemplateName, kept: UIView, in table: UITableView) {
        guard let nib = nibsToCompare.removeValue(forKey: name) else { return }
        let wanted: UIView.Type = name.headerFooter ? UITableViewHeaderFooterView.self : UITableViewCell.self
        guard let loaded = nib.instantiate(withOwner: nil).first(where: { ($0 as AnyObject).isKind(of: wanted) }) as? UIView
        else { return }
        let classChanged = !kept.isMember(of: type(of: loaded))
        var template: UIView? = loaded
        if name.headerFooter {
            guard classChanged else { return }
            // Past every pooled view of the old class: once the pool is empty UIKit loads the
            // nib, which matches (review 19m, M1). Each is taken out of the table's view tree,
            // where the pool keeps them (M3, 19o): the views passed by are not given back.
            template = (0..<1_000).lazy
                .compactMap { _ in table.dequeueReusableHeaderFooterView(withIdentifier: name.identifier).map(Self.detachedTemplate) }
                .first { $0.isMember(of: type(of: loaded)) } ?? loaded
        }
        replaceTemplate(forIdentifier: name.identifier, headerFooter: name.headerFooter, with: template, forgetting: classChanged, registered: "nib")
    }

    /// The kept template failed a request's type check: the identifier may have been
    /// registered again with a nib of another class before the package's hooks saw it.
    /// A new cell is made once more (``newTemplateCell(withIdentifier:in:)``); when it is of
    /// another class it is kept and the old class's index-path heights are forgotten.
    /// `.onlyShownCell` when UIKit gave a row's shown cell (a reconfigure) and no other could
    /// be made: the next turn's request, outside the reconfigure, checks again. `nil` when
    /// nothing was replaced: `template` was not the kept one, nothing could be dequeued, or
    /// the new cell is of the same class.
    func replaceKeptTemplate(_ template: UITableViewCell, identifier: String, in table: UITableView) -> TemplateCellLookup? {
        guard templateCells[identifier] === template, !templatesInUse.contains(ObjectIdentifier(template)) else { return nil }
        switch newTemplateCell(withIdentifier: identifier, in: table) {
        case .template(let fresh) where !template.isMember(of: type(of: fresh)):
            replaceTemplate(forIdentifier: identifier, headerFooter: false, with: fresh, forgetting: true, registered: "nib")
            return .template(fresh)
        case .onlyShownCell:
            return .onlyShownCell
        case .template, .unregistered:
            return nil
        }
    }

    private func replaceTemplate(
        forIdentifier identifier: String, headerFooter: Bool, with fresh: UIView?, forgetting: Bool, registered: String
    ) {
        if headerFooter {
            templateHeaderFooters[identifier] = fresh as? UITableViewHeaderFooterView
        } else {
            (fresh as? UITableViewCell)?.fd_isTemplateLayoutCell = true
            templateCells[identifier] = fresh as? UITableViewCell
        }
        guard forgetting else { return heights.log.trace("\(identifier) registered again with a nib of the same class: its layout cell replaced") }
        heights.log.trace("\(identifier) registered again with another \(registered): its layout cell replaced, index-path heights forgotten")
        heights.indexPaths.invalidateAll()
        askForHeightsOnNextTurn(because: "a cell identifier was registered again", animated: false)
    }
}
#endif
