import Foundation
import Testing
@testable import ScrollSimulation

@Suite struct HeightRequestsTests {
    static let seed: UInt64 = 0x5EED_2020

    @Test func withEstimatesReloadDataAsksOnlyTheVisibleRows() {
        let feed = ScrollFeed(rowCount: 500, seed: Self.seed)
        let asked = HeightRequests().rowsAskedAtReload(in: feed.rowTops, offset: 0, viewportHeight: 844)
        #expect(asked.lowerBound == 0, "seed \(Self.seed)")
        #expect(feed.tops[asked.upperBound - 1] < 844 && feed.tops[asked.upperBound] >= 844, "seed \(Self.seed)")
    }

    @Test func withoutEstimatesReloadDataAsksEveryRow() {
        let feed = ScrollFeed(rowCount: 500, seed: Self.seed)
        let requests = HeightRequests(usesEstimatedHeights: false)
        #expect(requests.rowsAskedAtReload(in: feed.rowTops, offset: 0, viewportHeight: 844) == 0..<500)
    }

    @Test func scrollingAsksOnlyTheRowsThatCameIntoView() {
        let requests = HeightRequests()
        #expect(requests.rowsAsked(movingFrom: 3..<8, to: 5..<10) == [8, 9])
        #expect(requests.rowsAsked(movingFrom: 3..<8, to: 1..<6) == [1, 2])
        #expect(requests.rowsAsked(movingFrom: 3..<8, to: 3..<8).isEmpty)
    }

    @Test func overscanWidensTheDisplayedRowsAndBadOverscanIsNone() {
        let feed = ScrollFeed(rowCount: 500, seed: Self.seed)
        let plain = HeightRequests().displayedRows(in: feed.rowTops, offset: 2_000, viewportHeight: 844)
        let wide = HeightRequests(overscan: 300).displayedRows(in: feed.rowTops, offset: 2_000, viewportHeight: 844)
        #expect(wide.lowerBound <= plain.lowerBound && wide.upperBound >= plain.upperBound)
        #expect(HeightRequests(overscan: .nan).overscan == 0)
    }

    @Test func rowsInAWindowAreThoseItTouches() {
        // Seeded: random windows against a linear scan.
        let seed = Self.seed ^ 0xA11
        let feed = ScrollFeed(rowCount: 300, seed: seed)
        var window = SplitMix(seed: seed)
        for trial in 0..<500 {
            let top = CGFloat(window.next() % UInt64(feed.contentHeight + 400)) - 200
            let bottom = top + CGFloat(window.next() % 2_000)
            let expected = (0..<feed.count).filter { feed.tops[$0] < bottom && feed.tops[$0 + 1] > top }
            let rows = feed.rows(from: top, to: bottom)
            #expect(Array(rows) == expected, "seed \(seed), trial \(trial), window \(top)..<\(bottom)")
        }
    }
}

/// A tiny seeded generator for the windows (the feed uses the package's `SeededRandom`).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
