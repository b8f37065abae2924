import Foundation
import ReferenceTableModel
@testable import TemplateLayoutEngine

/// How a batch reaches the cache from a collection view: in `UICollectionView`'s spellings
/// (`insertItems(at:)`, `moveItem(at:to:)`, ...), and never through `beginUpdates()` or
/// `endUpdates()`, which a collection view does not have. By UIKit's rules every way must
/// leave the cache the same.
enum CollectionBatchDelivery: CaseIterable, CustomStringConvertible {
    /// The engine's `performBatchUpdates { }`.
    case performBatchUpdates
    /// What the hooks of `UICollectionView.performBatchUpdates` send: the entry, the
    /// closure's start and end, the return; sometimes a nested `performBatchUpdates`
    /// carrying the last calls.
    case trackedBatchUpdates
    /// A lone call in its item spelling, outside any batch.
    case singleItemCall

    var description: String {
        switch self {
        case .performBatchUpdates: "performBatchUpdates"
        case .trackedBatchUpdates: "tracked UICollectionView.performBatchUpdates"
        case .singleItemCall: "single item call"
        }
    }

    /// A random delivery that can carry `callCount` calls.
    static func random(forCallCount callCount: Int, using random: inout SeededRandom) -> CollectionBatchDelivery {
        let usable = callCount == 1 ? allCases : [.performBatchUpdates, .trackedBatchUpdates]
        return random.element(of: usable)!
    }

    /// Sends `updates` to `cache` this way, in a shuffled order, with
    /// `reconfigureItems(at: reconfigured)` made once at a random point among them (the index
    /// paths as displayed before the batch, which is how UIKit names them inside one), and
    /// returns a transcript of the calls made, for failure messages.
    func deliver(_ updates: [TableUpdate], reconfiguring reconfigured: [IndexPath], to cache: IndexPathHeightCache,
                 using random: inout SeededRandom) -> String {
        var transcript: [String] = []
        let calls = random.shuffled(updates)
        // Outside a batch a reconfigure is named after the calls before it: keep it first.
        let reconfigureAt = self == .singleItemCall ? 0 : random.int(in: 0...calls.count)
        func send(_ index: Int) {
            if index == reconfigureAt, !reconfigured.isEmpty {
                cache.reconfigureItems(at: reconfigured)
                transcript.append("reconfigureItems \(reconfigured.map { HeightFormat.string($0) })")
            }
            guard index < calls.count else { return }
            Self.send(calls[index], to: cache)
            transcript.append("\(calls[index])")
        }
        switch self {
        case .singleItemCall:
            precondition(calls.count == 1, "\(self) carries one call, not \(calls.count)")
            for index in 0...calls.count { send(index) }
        case .performBatchUpdates:
            transcript.append("performBatchUpdates {")
            cache.performBatchUpdates { for index in 0...calls.count { send(index) } }
            transcript.append("}")
        case .trackedBatchUpdates:
            // Calls from `nestFrom` on go into a nested performBatchUpdates.
            let nestFrom = random.chance(0.3) ? random.int(in: 0...calls.count) : calls.count + 1
            func track(_ call: UpdateCall) {
                cache.track(call)
                transcript.append("\(call)")
            }
            track(.batchCallEntered)
            track(.batchBodyStarted)
            for index in 0...calls.count {
                if index == nestFrom {
                    track(.batchCallEntered)
                    track(.batchBodyStarted)
                }
                send(index)
            }
            if nestFrom <= calls.count {
                track(.batchBodyEnded)
                track(.batchCallLeft)
            }
            track(.batchBodyEnded)
            track(.batchCallLeft)
        }
        return transcript.joined(separator: "; ")
    }

    /// One call in `UICollectionView`'s spelling.
    static func send(_ update: TableUpdate, to cache: IndexPathHeightCache) {
        switch update {
        case .insertSections(let sections): cache.insertSections(sections)
        case .deleteSections(let sections): cache.deleteSections(sections)
        case .reloadSections(let sections): cache.reloadSections(sections)
        case .moveSection(let from, let to): cache.moveSection(from, toSection: to)
        case .insertRows(let paths): cache.insertItems(at: paths)
        case .deleteRows(let paths): cache.deleteItems(at: paths)
        case .reloadRows(let paths): cache.reloadItems(at: paths)
        case .moveRow(let from, let to): cache.moveItem(at: from, to: to)
        }
    }
}
