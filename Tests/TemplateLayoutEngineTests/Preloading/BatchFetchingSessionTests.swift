import Foundation
import Testing
import TemplateLayoutEngine

/// The rules around Texture's batch-fetching rule that keep a running app out of loops:
/// one fetch at a time, "no more content", and re-checks only after the content changed.
@Suite struct BatchFetchingSessionTests {
    /// 300 pt of content in a 600 pt table: shorter than the screen, so Texture's rule
    /// always fetches.
    let short = ScrollGeometry(contentLength: 300, boundsLength: 600)

    /// A session behind a reference, so that `#expect` can call its mutating members.
    final class Session {
        var value: BatchFetchingSession
        init(_ policy: BatchFetchingPolicy = BatchFetchingPolicy()) { value = BatchFetchingSession(policy: policy) }
        var isFetching: Bool { value.isFetching }
        var hasMore: Bool { value.hasMore }
        func begin(_ geometry: ScrollGeometry, offset: CGFloat = 0, direction: ScrollDirection = .still,
                   _ trigger: BatchFetchingSession.Trigger) -> Bool {
            value.begin(in: geometry, targetOffset: offset, direction: direction, trigger: trigger)
        }
        func complete(hasMore: Bool) -> Bool { value.complete(hasMore: hasMore) }
        func resume() { value.resume() }
    }

    /// Extras review C3: while a skeleton shows, its rows' length (about a screen) would
    /// always look near the end; a held check fetches nothing and leaves the session as it
    /// was, so the check when the skeleton hides judges the app's own content.
    @Test func aHeldCheckFetchesNothingAndChangesNothing() {
        var session = BatchFetchingSession()
        let heldRequest = session.begin(in: short, targetOffset: 0, direction: .still, trigger: .request, isHeld: true)
        let heldChange = session.begin(in: short, targetOffset: 0, direction: .still, trigger: .change, isHeld: true)
        #expect(!heldRequest)
        #expect(!heldChange)
        #expect(!session.isFetching)
        #expect(session.contentLengthAtLastFetch == nil, "nothing recorded: the first check after the hold may fetch")
        let afterTheHold = session.begin(in: short, targetOffset: 0, direction: .still, trigger: .change)
        #expect(afterTheHold, "the hold ended")
    }

    /// Review 18, P1: setting batch fetching again (a new owner or leading screens) while a
    /// fetch runs starts no second fetch; the running one's completion frees the new session.
    @Test func aSessionReplacingOneWhoseFetchRunsStartsNoSecondFetch() {
        var previous = BatchFetchingSession()
        let started = previous.begin(in: short, targetOffset: 0, direction: .still, trigger: .request)
        #expect(started)
        var replacement = BatchFetchingSession(policy: BatchFetchingPolicy(leadingScreens: 3), continuing: previous)
        #expect(replacement.isFetching)
        let second = replacement.begin(in: short, targetOffset: 0, direction: .still, trigger: .request)
        #expect(!second, "the running fetch is the new setting's")
        let checksAgain = replacement.complete(hasMore: true)
        #expect(checksAgain)
        let grown = ScrollGeometry(contentLength: 420, boundsLength: 600)
        let next = replacement.begin(in: grown, targetOffset: 0, direction: .still, trigger: .change)
        #expect(next, "once it completed, the next fetch starts")
    }

    @Test func aSessionReplacingOneWithNoMoreContentFetchesAgain() {
        var previous = BatchFetchingSession()
        _ = previous.begin(in: short, targetOffset: 0, direction: .still, trigger: .request)
        _ = previous.complete(hasMore: false)
        #expect(!previous.hasMore)
        var replacement = BatchFetchingSession(policy: BatchFetchingPolicy(), continuing: previous)
        #expect(replacement.hasMore)
        let fetches = replacement.begin(in: short, targetOffset: 0, direction: .still, trigger: .request)
        #expect(fetches)
    }

    @Test func oneFetchAtATime() {
        let session = Session()
        #expect(session.begin(short, .request))
        #expect(session.isFetching)
        #expect(!session.begin(short, .request))
        #expect(!session.begin(short, .change))
    }

    @Test func aFetchThatAddsNothingIsNotRepeatedByChangesUntilTheContentChanges() {
        let session = Session()
        #expect(session.begin(short, .request))
        #expect(session.complete(hasMore: true), "there may be more: check again, later")
        #expect(!session.begin(short, .change), "nothing was added: the next check does not fetch again")
        #expect(!session.begin(short, offset: 10, direction: .towardEnd, .change), "nor does an offset change")
        let grown = ScrollGeometry(contentLength: 420, boundsLength: 600)
        #expect(session.begin(grown, .change), "the content grew and is still short: fetch again")
    }

    @Test func aFetchThatAddedContentIsFollowedByAnotherWhileTheContentIsShort() {
        let session = Session()
        var length: CGFloat = 0
        var fetches = 0
        // Each fetch adds 100 pt, completes with more to come, and the re-check follows.
        var trigger = BatchFetchingSession.Trigger.request
        while session.begin(ScrollGeometry(contentLength: length, boundsLength: 600), trigger) {
            fetches += 1
            length += 100
            #expect(session.complete(hasMore: true))
            trigger = .change
            if fetches > 100 { break }
        }
        // Fetches until 2 screens (1,200 pt) or less remain below the viewport... and no more:
        // at 1,900 pt, 1,300 pt remain below the first screen.
        #expect(fetches == 19)
        #expect(length == 1_900)
    }

    @Test func noMoreContentStopsEveryTriggerUntilResumed() {
        let session = Session()
        #expect(session.begin(short, .request))
        #expect(!session.complete(hasMore: false), "no re-check after the last page")
        #expect(!session.hasMore)
        let grown = ScrollGeometry(contentLength: 420, boundsLength: 600)
        #expect(!session.begin(grown, .change))
        #expect(!session.begin(grown, .request))
        session.resume()
        #expect(session.begin(grown, .change))
    }

    @Test func aDragEndRetriesAFetchThatAddedNothing() {
        let session = Session()
        #expect(session.begin(short, .request))
        _ = session.complete(hasMore: true)
        #expect(!session.begin(short, .change))
        #expect(session.begin(short, .request), "the user asked again by dragging")
    }

    @Test func theContentShrinkingIsAChange() {
        let long = ScrollGeometry(contentLength: 10_000, boundsLength: 500)
        let session = Session()
        #expect(session.begin(long, offset: 8_600, direction: .towardEnd, .request))
        _ = session.complete(hasMore: true)
        #expect(!session.begin(long, offset: 8_600, .change))
        let shrunk = ScrollGeometry(contentLength: 9_000, boundsLength: 500)
        #expect(session.begin(shrunk, offset: 8_500, .change))
    }

    @Test func completingWithNoFetchRunningChangesNothing() {
        let session = Session()
        #expect(!session.complete(hasMore: false))
        #expect(session.hasMore)
        #expect(session.begin(short, .request))
    }

    @Test func theRulesOfThePolicyStillApply() {
        let session = Session(BatchFetchingPolicy(leadingScreens: 1))
        let long = ScrollGeometry(contentLength: 10_000, boundsLength: 500)
        #expect(!session.begin(long, offset: 100, direction: .towardEnd, .request), "far from the end")
        #expect(!session.begin(long, offset: 9_500, direction: .towardStart, .request), "toward the top")
        #expect(session.begin(long, offset: 9_000, direction: .towardEnd, .request))
    }
}
