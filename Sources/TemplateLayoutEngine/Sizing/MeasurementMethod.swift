import Foundation

/// How a template's height was found.
package enum MeasurementMethod: String, Hashable, Sendable {
    /// Auto Layout: `systemLayoutSizeFitting` on the content view.
    case autoLayout
    /// Frame layout: the cell's `sizeThatFits`.
    case frameLayout
    /// Neither gave a height; the fallback height was used.
    case fallback
}
