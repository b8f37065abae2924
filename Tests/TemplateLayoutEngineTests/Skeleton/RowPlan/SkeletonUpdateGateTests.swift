import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Issue 8, item 10: an update made while a skeleton shows never reaches UIKit's row-count
/// check; the skeleton hides and the table reloads instead.
@Suite struct SkeletonUpdateGateTests {
    @Test func withoutASkeletonEveryCallPassesThrough() {
        var gate = SkeletonUpdateGate()
        for call in [SkeletonUpdateGate.Call.beginUpdates, .change, .change, .endUpdates, .change] {
            #expect(gate.admit(call, isShowingSkeleton: false) == .passThrough)
        }
        #expect(!gate.isHolding)
    }

    /// `insertRows` alone, outside any batch.
    @Test func aChangeWhileTheSkeletonShowsHidesItAndReloadsInstead() {
        var gate = SkeletonUpdateGate()
        #expect(gate.admit(.change, isShowingSkeleton: true) == .hideAndReload)
        #expect(!gate.isHolding)
        // The skeleton is gone now: the next change is the app's, for UIKit.
        #expect(gate.admit(.change, isShowingSkeleton: false) == .passThrough)
    }

    /// `performBatchUpdates` (or a diffable data source's animated apply): the whole batch is
    /// held, the skeleton hides at its end.
    @Test func aBatchWithChangesIsHeldWholeAndHidesTheSkeletonAtItsEnd() {
        var gate = SkeletonUpdateGate()
        #expect(gate.admit(.beginUpdates, isShowingSkeleton: true) == .hold)
        #expect(gate.admit(.change, isShowingSkeleton: true) == .hold)
        #expect(gate.admit(.change, isShowingSkeleton: true) == .hold)
        #expect(gate.isHolding)
        #expect(gate.admit(.endUpdates, isShowingSkeleton: true) == .hideAndReload)
        #expect(!gate.isHolding)
        #expect(!gate.heldChanges)
    }

    /// The `beginUpdates()`/`endUpdates()` pair apps call to animate height changes.
    @Test func aBatchWithoutChangesLeavesTheSkeletonInPlace() {
        var gate = SkeletonUpdateGate()
        #expect(gate.admit(.beginUpdates, isShowingSkeleton: true) == .hold)
        #expect(gate.admit(.endUpdates, isShowingSkeleton: true) == .hold)
        #expect(!gate.isHolding)
    }

    @Test func nestedBatchesEndAtTheOutermostEnd() {
        var gate = SkeletonUpdateGate()
        #expect(gate.admit(.beginUpdates, isShowingSkeleton: true) == .hold)
        #expect(gate.admit(.beginUpdates, isShowingSkeleton: true) == .hold)
        #expect(gate.admit(.change, isShowingSkeleton: true) == .hold)
        #expect(gate.admit(.endUpdates, isShowingSkeleton: true) == .hold)
        #expect(gate.depth == 1)
        #expect(gate.admit(.endUpdates, isShowingSkeleton: true) == .hideAndReload)
    }

    /// The app hides the skeleton itself inside the batch: UIKit never saw the batch begin,
    /// so it does not see the rest of it either; the table reloads at the end.
    @Test func aBatchStaysHeldWhenTheSkeletonHidesInsideIt() {
        var gate = SkeletonUpdateGate()
        #expect(gate.admit(.beginUpdates, isShowingSkeleton: true) == .hold)
        #expect(gate.admit(.change, isShowingSkeleton: false) == .hold)
        #expect(gate.admit(.beginUpdates, isShowingSkeleton: false) == .hold)
        #expect(gate.admit(.endUpdates, isShowingSkeleton: false) == .hold)
        #expect(gate.admit(.endUpdates, isShowingSkeleton: false) == .hideAndReload)
        #expect(gate.admit(.beginUpdates, isShowingSkeleton: false) == .passThrough)
    }

    @Test func anUnmatchedEndPassesThroughToUIKit() {
        var gate = SkeletonUpdateGate()
        #expect(gate.admit(.endUpdates, isShowingSkeleton: true) == .passThrough)
        #expect(gate.depth == 0)
    }

    /// A batch begun before the skeleton showed is UIKit's: it passes through, end included.
    @Test func aBatchBegunBeforeTheSkeletonIsUIKits() {
        var gate = SkeletonUpdateGate()
        #expect(gate.admit(.beginUpdates, isShowingSkeleton: false) == .passThrough)
        #expect(gate.admit(.endUpdates, isShowingSkeleton: true) == .passThrough)
    }
}
