import Foundation
import Testing
@testable import TemplateLayoutEngine

@Suite struct ContextSlotsTests {
    let a = LayoutContext(width: 100)
    let b = LayoutContext(width: 200)
    let c = LayoutContext(width: 300)

    @Test func switchingBackBringsTheValueBack() {
        var slots = ContextSlots(context: a, limit: 3, empty: 0)
        slots.active = 1
        _ = slots.activate(b)
        #expect(slots.active == 0)
        slots.active = 2
        _ = slots.activate(a)
        #expect(slots.active == 1)
        #expect(slots.contexts == [a, b])
    }

    @Test func theLeastRecentlyUsedContextIsDroppedPastTheLimit() {
        var slots = ContextSlots(context: a, limit: 2, empty: 0)
        slots.active = 1
        _ = slots.activate(b)
        slots.active = 2
        let evicted = slots.activate(c)
        #expect(evicted == [1])
        #expect(slots.contexts == [c, b])
    }

    @Test func aLimitBelowOneKeepsOnlyTheActiveContext() {
        var slots = ContextSlots(context: a, limit: 0, empty: 0)
        slots.active = 5
        #expect(slots.activate(b) == [5])
        #expect(slots.contexts == [b])
    }

    @Test func activatingTheActiveContextChangesNothing() {
        var slots = ContextSlots(context: a, limit: 2, empty: 0)
        slots.active = 3
        #expect(slots.activate(a).isEmpty)
        #expect(slots.active == 3)
    }

    /// Issue 17 (review P-4): a table with no width yet, or with a section index not yet
    /// added, is in an unmeasurable context; it took a slot and pushed out a width the
    /// table would come back to.
    @Test func anUnmeasurableContextTakesNoSlotAndIsNotKept() {
        var slots = ContextSlots(context: a, limit: 2, empty: 0)
        slots.active = 1
        _ = slots.activate(b)
        slots.active = 2
        #expect(slots.activate(.unmeasured).isEmpty, "both widths kept while unmeasurable")
        #expect(slots.contexts == [.unmeasured, b, a])
        slots.active = 9
        #expect(slots.activate(a) == [9], "the unmeasurable context's value is dropped when left")
        #expect(slots.active == 1)
        #expect(slots.contexts == [a, b])
    }
}
