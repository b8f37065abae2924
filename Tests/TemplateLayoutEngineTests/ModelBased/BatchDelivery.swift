import Foundation
import ReferenceTableModel
import TemplateLayoutEngine

/// How a batch reaches the cache. UIKit offers several ways to make the same batch, and
/// by its rules (calls in any order, nested begin/end as one batch, a lone call as a
/// batch of one) the cache must end up the same whichever is used.
enum BatchDelivery: CaseIterable, CustomStringConvertible {
    /// `apply(batch:)` with every call at once.
    case applyBatch
    /// `beginUpdates()`/`endUpdates()` nested one to three deep, calls spread over the levels.
    case nestedBeginEnd
    /// `performBatchUpdates { }`, sometimes with a `beginUpdates()`/`endUpdates()` inside.
    case performBatchUpdates
    /// A lone call in UIKit's spelling, e.g. `insertRows(at:)`, outside any batch.
    case singleUIKitCall
    /// A lone call through `apply(_:)`, outside any batch.
    case singleApply

    var description: String {
        switch self {
        case .applyBatch: "apply(batch:)"
        case .nestedBeginEnd: "nested beginUpdates/endUpdates"
        case .performBatchUpdates: "performBatchUpdates"
        case .singleUIKitCall: "single UIKit-spelled call"
        case .singleApply: "single apply(_:)"
        }
    }

    /// A random delivery that can carry `callCount` calls.
    static func random(forCallCount callCount: Int, using random: inout SeededRandom) -> BatchDelivery {
        let usable = callCount == 1 ? allCases : [.applyBatch, .nestedBeginEnd, .performBatchUpdates]
        return random.element(of: usable)!
    }

    /// Sends `updates` to `cache` this way, in a shuffled order, and returns a transcript
    /// of the calls made, for failure messages.
    func deliver(_ updates: [TableUpdate], to cache: IndexPathHeightCache, using random: inout SeededRandom) -> String {
        var transcript: [String] = []
        var calls = random.shuffled(updates)
        func send(_ update: TableUpdate, random: inout SeededRandom) {
            let spelled = random.chance(0.5)
            Self.send(update, to: cache, inUIKitSpelling: spelled)
            transcript.append(spelled ? "\(update) (UIKit spelling)" : "\(update)")
        }
        switch self {
        case .applyBatch:
            cache.apply(batch: calls)
            transcript = ["apply(batch: \(calls.map(\.description)))"]
        case .singleUIKitCall, .singleApply:
            precondition(calls.count == 1, "\(self) carries one call, not \(calls.count)")
            Self.send(calls[0], to: cache, inUIKitSpelling: self == .singleUIKitCall)
            transcript.append("\(calls[0])")
        case .nestedBeginEnd:
            // 2n - 1 stretches of calls: after each begin, and after each end but the last,
            // so that calls land at every depth and between closing levels.
            let depth = random.int(in: 1...3)
            let stretches = 2 * depth - 1
            var cuts = (0..<calls.count).map { _ in random.int(in: 0..<stretches) }.sorted()
            var stretch = 0
            func sendStretch(_ random: inout SeededRandom) {
                while let cut = cuts.first, cut == stretch {
                    cuts.removeFirst()
                    send(calls.removeFirst(), random: &random)
                }
                stretch += 1
            }
            for _ in 0..<depth {
                cache.beginUpdates()
                transcript.append("beginUpdates")
                sendStretch(&random)
            }
            for level in 0..<depth {
                cache.endUpdates()
                transcript.append("endUpdates")
                if level < depth - 1 { sendStretch(&random) }
            }
            precondition(calls.isEmpty, "nested delivery left calls unsent")
        case .performBatchUpdates:
            let innerBatch = random.chance(0.3)
            transcript.append("performBatchUpdates {")
            cache.performBatchUpdates {
                if innerBatch {
                    cache.beginUpdates()
                    transcript.append("beginUpdates")
                }
                for update in calls { send(update, random: &random) }
                if innerBatch {
                    cache.endUpdates()
                    transcript.append("endUpdates")
                }
            }
            transcript.append("}")
        }
        return transcript.joined(separator: "; ")
    }

    /// One call, through `apply(_:)` or in UIKit's spelling.
    static func send(_ update: TableUpdate, to cache: IndexPathHeightCache, inUIKitSpelling: Bool) {
        guard inUIKitSpelling else {
            cache.apply(update)
            return
        }
        switch update {
        case .insertSections(let sections): cache.insertSections(sections)
        case .deleteSections(let sections): cache.deleteSections(sections)
        case .reloadSections(let sections): cache.reloadSections(sections)
        case .moveSection(let from, let to): cache.moveSection(from, toSection: to)
        case .insertRows(let paths): cache.insertRows(at: paths)
        case .deleteRows(let paths): cache.deleteRows(at: paths)
        case .reloadRows(let paths): cache.reloadRows(at: paths)
        case .moveRow(let from, let to): cache.moveRow(at: from, to: to)
        }
    }
}
