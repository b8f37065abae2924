#if canImport(UIKit)
import UIKit

/// What the collection skeleton asks the collection-view templates: whether an identifier is
/// registered (a dequeue of an unregistered one raises in UIKit), and the placeholder
/// measurement (size source 3), through the same template, preparation and fitting as
/// `fd_size`: a template built from the registration, never dequeued.
@MainActor
enum CollectionSkeletonTemplates {
    /// Whether `identifier` is registered for cells in `view`: `true` or `false` from the
    /// registrations recorded since launch; `nil` when the recording was installed after
    /// the app's first registrations (see `RegistrationTracking`), so nothing is known.
    static func isRegistered(_ view: UICollectionView, _ identifier: String) -> Bool? {
        if view.existingTemplateRegistrations?.source(kind: .cell, identifier: identifier) != nil { return true }
        return RegistrationTracking.installedAtLaunch ? false : nil
    }

    /// The length of `identifier`'s template along the free dimension of `context`,
    /// configured by `configure` as a placeholder; `nil` when there is no template or
    /// neither Auto Layout nor `sizeThatFits` gives a length.
    static func measurePlaceholder(
        _ view: UICollectionView, _ identifier: String, _ context: LayoutContext, _ configure: (UICollectionViewCell) -> Void
    ) -> CGFloat? {
        let state = view.collectionLayoutState
        guard context.isMeasurable, case .success(let template) = state.template(for: .identifier(identifier, kind: .cell), in: view),
              let cell = template as? UICollectionViewCell else { return nil }
        let result = state.measuring(cell) {
            cell.prepareForReuse()
            CollectionTemplateMeasurer.prepare(cell, for: context, state: state)
            configure(cell)
            CollectionTemplateMeasurer.runConfigurationUpdate(of: cell, fixing: context.fixedDimension, length: context.length)
            let length = CollectionTemplateMeasurer.length(
                of: cell, fixing: context.fixedDimension, length: context.length, fallback: 0, log: state.sizes.log)
            // The placeholder code may have asked a size at another length (19h, P2).
            state.sizes.switchContext(to: context)
            return length
        }
        return result.method == .fallback ? nil : result.length
    }
}
#endif
