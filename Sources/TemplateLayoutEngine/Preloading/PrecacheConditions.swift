import Foundation

/// The conditions the precache decision depends on, as the UIKit layer reads them.
package struct PrecacheConditions: Hashable, Sendable {
    /// Whether precaching is on for the table.
    package var isEnabled: Bool
    /// Whether the table is in a window, not hidden, and its scene (if any) not in the
    /// background.
    package var isVisible: Bool
    /// Whether a memory warning came since precaching was enabled or last reset.
    package var hadMemoryWarning: Bool
    /// Whether the user's finger is on the table.
    package var isTracking: Bool
    /// Whether the table's refresh control is refreshing.
    package var isRefreshing: Bool
    /// Whether a batch of updates is open.
    package var hasUpdatesInFlight: Bool
    /// Whether the table is the user's focus; Texture's minimum range otherwise.
    package var isFocused: Bool
    /// Whether a skeleton shows in place of the table's rows.
    package var isShowingSkeleton: Bool
    /// Whether the table's view controller is in a transition (UIKit's
    /// `transitionCoordinator` is set).
    package var isInTransition: Bool

    /// Creates conditions; every flag defaults to the case where precaching runs in full.
    package init(
        isEnabled: Bool = true, isVisible: Bool = true, hadMemoryWarning: Bool = false, isTracking: Bool = false,
        isRefreshing: Bool = false, hasUpdatesInFlight: Bool = false, isFocused: Bool = true,
        isShowingSkeleton: Bool = false, isInTransition: Bool = false
    ) {
        self.isEnabled = isEnabled
        self.isVisible = isVisible
        self.hadMemoryWarning = hadMemoryWarning
        self.isTracking = isTracking
        self.isRefreshing = isRefreshing
        self.hasUpdatesInFlight = hasUpdatesInFlight
        self.isFocused = isFocused
        self.isShowingSkeleton = isShowingSkeleton
        self.isInTransition = isInTransition
    }

    /// The decision: paused for the first reason that applies (in the order of the
    /// properties, a transition just before the skeleton), else the full range, or the
    /// minimum one when not focused.
    package var decision: PrecacheDecision {
        if !isEnabled { return .paused(.disabled) }
        if !isVisible { return .paused(.hidden) }
        if hadMemoryWarning { return .paused(.memoryWarning) }
        if isTracking { return .paused(.tracking) }
        if isRefreshing { return .paused(.refreshing) }
        if hasUpdatesInFlight { return .paused(.updatesInFlight) }
        if isInTransition { return .paused(.transition) }
        if isShowingSkeleton { return .paused(.skeleton) }
        return .precache(isFocused ? .full : .minimum)
    }
}
