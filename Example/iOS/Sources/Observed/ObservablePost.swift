#if canImport(UIKit)
import Observation

/// A post and whether its body is shown in full: the model of the observed feed, which
/// the rows observe instead of being reloaded.
///
/// Conforms to `Observable` by hand, with an `ObservationRegistrar`, as the `@Observable`
/// macro would write it: the project's Linux build machines compile this file for iOS
/// without the macro plugin. In an app, write `@Observable final class ObservablePost`.
/// A class, not a value, because an edit must reach the cell that read it.
@available(iOS 17, *)
final class ObservablePost: Observable {
    /// The post shown; never changes.
    let post: FeedPost
    private let registrar = ObservationRegistrar()
    private var storedIsExpanded = false

    init(post: FeedPost) {
        self.post = post
    }

    /// The key of the row's cached height: the post's identity.
    var id: FeedPost.ID { post.id }

    /// Whether the whole body shows, rather than its first lines. Observed: a row whose
    /// measurement read it is measured again when it changes.
    var isExpanded: Bool {
        get {
            registrar.access(self, keyPath: \.isExpanded)
            return storedIsExpanded
        }
        set {
            registrar.withMutation(of: self, keyPath: \.isExpanded) { storedIsExpanded = newValue }
        }
    }
}
#endif
