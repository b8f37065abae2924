import Foundation
import Testing
import ReferenceTableModel
@testable import TemplateLayoutEngine

/// The recency list under churn, checked against a plain array of keys in use order.
@Suite struct KeyedHeightsTests {
    @Test func recencyOrderMatchesAPlainModelUnderRandomChurn() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var generator = SeededRandom(seed: seed)
        var store = KeyedHeights<Int>(countLimit: 8)
        var model: [Int] = []  // least recently used first
        for step in 0..<5_000 {
            let key = Int.random(in: 0..<12, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0:
                _ = store.store(CGFloat(key), forKey: key)
                model.removeAll { $0 == key }
                model.append(key)
                if model.count > 8 { model.removeFirst() }
            case 1:
                let height = store.height(forKey: key)
                if model.contains(key) {
                    model.removeAll { $0 == key }
                    model.append(key)
                    #expect(height == CGFloat(key), "seed \(seed), step \(step)")
                } else {
                    #expect(height.isNaN, "seed \(seed), step \(step)")
                }
            default:
                #expect(store.remove(forKey: key) == model.contains(key), "seed \(seed), step \(step)")
                model.removeAll { $0 == key }
            }
            store.checkInvariants()
            guard store.entriesOldestFirst.map(\.key) == model else {
                Issue.record("seed \(seed), step \(step): \(store.entriesOldestFirst.map(\.key)) != \(model)")
                return
            }
        }
    }

    @Test func removingAllKeepsTheLimit() {
        var store = KeyedHeights<Int>(countLimit: 2)
        _ = store.store(1, forKey: 1)
        #expect(store.removeAll() == 1)
        #expect(store.countLimit == 2)
        #expect(store.count == 0)
    }
}
