#if canImport(UIKit)
import Observation
import UIKit

/// A ``FeedCell`` that shows an ``ObservablePost`` and follows it: when the post is expanded
/// or collapsed, the cell updates itself, without a reload.
///
/// The post is read in `updateConfiguration(using:)`, where iOS 26 tracks observable reads and
/// updates the cell again when one changes (Apple's "automatic observation tracking"). Below
/// iOS 26 the cell tracks its reads itself, as UIKit would. The height is the package's part:
/// the table's `fd_invalidatesHeightsOnObservedChanges` sees the same reads in the template cell.
@available(iOS 17, *)
final class ObservedPostCell: FeedCell {
    /// The identifier the observed feed registers and measures this cell under.
    static let observedReuseIdentifier = "ObservedPostCell"
    /// Lines of the body a collapsed post shows.
    static let collapsedLineLimit = 2

    /// The post shown. Set in `cellForRowAt` and in the height's configure closure.
    var model: ObservablePost? {
        didSet {
            // Read now as well, inside the configure closure the package measures with: the
            // row's height depends on `isExpanded` whichever way the template is updated.
            if let model { show(model) }
            setNeedsUpdateConfiguration()
        }
    }

    override func updateConfiguration(using state: UICellConfigurationState) {
        super.updateConfiguration(using: state)
        guard let model else { return }
        // A template is never shown: the package tracks its reads for the height. And one
        // tracking a post at a time: Observation keeps each in the post until it changes,
        // so arming one per configuration update would pile them up.
        if #available(iOS 26, *) {
            show(model)
        } else if fd_isTemplateLayoutCell || trackedPost === model {
            show(model)
        } else {
            // Tracking reports one change; the update it asks for tracks the reads anew.
            // Observation calls back on the changing thread, before the value is stored, so
            // the update is asked for on the main queue, which runs after the store. A
            // tracking left on a post the cell no longer shows asks for one needless update.
            trackedPost = model
            let tracked = ObjectIdentifier(model)
            withObservationTracking {
                show(model)
            } onChange: { [weak self] in
                DispatchQueue.main.async {
                    MainActor.assumeIsolated {
                        // Only this post's tracking is spent; another's may be armed now.
                        guard let self, let post = self.trackedPost, ObjectIdentifier(post) == tracked else { return }
                        self.trackedPost = nil
                        self.setNeedsUpdateConfiguration()
                    }
                }
            }
        }
    }

    /// The post whose tracking is armed and has not fired (below iOS 26); weak, as an
    /// identifier could name a new post at a released one's address.
    private weak var trackedPost: ObservablePost?

    override func prepareForReuse() {
        super.prepareForReuse()
        model = nil
    }

    private func show(_ model: ObservablePost) {
        configure(with: model.post, bodyLineLimit: model.isExpanded ? 0 : Self.collapsedLineLimit)
    }
}
#endif
