import Foundation

/// Heights by key for one layout context, with an optional count limit enforced least
/// recently used first.
///
/// A dictionary maps each key to a node of a doubly linked recency list threaded through
/// one array by index, so an entry costs no allocation of its own and every operation is
/// O(1). Removing an entry moves the last node into its place (one dictionary update),
/// which keeps the array dense.
///
/// Invariants (checked by ``checkInvariants()`` under `TEMPLATE_LAYOUT_INTERNAL_CHECKS`):
/// - the dictionary and the node array hold the same keys, each node at its mapped index;
/// - following `older` from `newest` visits every node once and ends at `oldest`;
/// - the count is within the count limit, if there is one.
struct KeyedHeights<Key: Hashable> {
    struct Node {
        var key: Key
        var height: CGFloat
        var newer: Int
        var older: Int
    }

    private var indexByKey: [Key: Int] = [:]
    private var nodes: ContiguousArray<Node> = []
    private var newest = -1
    private var oldest = -1
    /// At most this many heights are kept; `nil` for no limit.
    private(set) var countLimit: Int?

    /// - Parameter countLimit: `nil` for no limit; values below 1 become 1.
    init(countLimit: Int?) {
        self.countLimit = countLimit.map { max(1, $0) }
    }

    var count: Int { nodes.count }

    /// The height for `key`, marking it most recently used, or NaN.
    ///
    /// - Complexity: O(1) on average (one hash lookup).
    mutating func height(forKey key: Key) -> CGFloat {
        guard let index = indexByKey[key] else { return .nan }
        moveToNewest(index)
        return nodes[index].height
    }

    /// The height for `key` without marking it used, or NaN.
    ///
    /// - Complexity: O(1) on average.
    func peekHeight(forKey key: Key) -> CGFloat {
        indexByKey[key].map { nodes[$0].height } ?? .nan
    }

    /// Stores a height as the most recently used; returns how many heights the count
    /// limit evicted (0 or 1).
    ///
    /// - Complexity: O(1) on average.
    mutating func store(_ height: CGFloat, forKey key: Key) -> Int {
        if let index = indexByKey[key] {
            nodes[index].height = height
            moveToNewest(index)
            return 0
        }
        let index = nodes.count
        nodes.append(Node(key: key, height: height, newer: -1, older: newest))
        indexByKey[key] = index
        if newest >= 0 { nodes[newest].newer = index }
        newest = index
        if oldest < 0 { oldest = index }
        var evicted = 0
        if let limit = countLimit {
            while nodes.count > limit { removeNode(at: oldest); evicted += 1 }
        }
        return evicted
    }

    /// Forgets the height for `key`; returns whether there was one.
    ///
    /// - Complexity: O(1) on average.
    @discardableResult
    mutating func remove(forKey key: Key) -> Bool {
        guard let index = indexByKey[key] else { return false }
        removeNode(at: index)
        return true
    }

    /// Forgets everything; returns how many heights there were.
    ///
    /// - Complexity: O(1) (the storage is released, not scanned).
    @discardableResult
    mutating func removeAll() -> Int {
        defer { self = KeyedHeights(countLimit: countLimit) }
        return count
    }

    /// Changes the count limit, evicting the least recently used heights over it; returns
    /// how many were evicted.
    ///
    /// - Complexity: O(*e*) for *e* evicted.
    mutating func setCountLimit(_ limit: Int?) -> Int {
        countLimit = limit.map { max(1, $0) }
        var evicted = 0
        if let limit = countLimit {
            while nodes.count > limit { removeNode(at: oldest); evicted += 1 }
        }
        return evicted
    }

    /// Every entry, least recently used first.
    ///
    /// - Complexity: O(*n*).
    var entriesOldestFirst: [(key: Key, height: CGFloat)] {
        var result: [(Key, CGFloat)] = []
        result.reserveCapacity(nodes.count)
        var index = oldest
        while index >= 0 {
            result.append((nodes[index].key, nodes[index].height))
            index = nodes[index].newer
        }
        return result
    }

    private mutating func moveToNewest(_ index: Int) {
        guard index != newest else { return }
        unlink(index)
        nodes[index].older = newest
        nodes[index].newer = -1
        if newest >= 0 { nodes[newest].newer = index }
        newest = index
        if oldest < 0 { oldest = index }
    }

    private mutating func unlink(_ index: Int) {
        let node = nodes[index]
        if node.newer >= 0 { nodes[node.newer].older = node.older } else { newest = node.older }
        if node.older >= 0 { nodes[node.older].newer = node.newer } else { oldest = node.newer }
    }

    private mutating func removeNode(at index: Int) {
        unlink(index)
        indexByKey[nodes[index].key] = nil
        let last = nodes.count - 1
        if index != last {
            // Move the last node into the hole and repoint everything that pointed at it.
            let moved = nodes[last]
            nodes[index] = moved
            indexByKey[moved.key] = index
            if moved.newer >= 0 { nodes[moved.newer].older = index } else { newest = index }
            if moved.older >= 0 { nodes[moved.older].newer = index } else { oldest = index }
        }
        nodes.removeLast()
    }

    #if TEMPLATE_LAYOUT_INTERNAL_CHECKS
    @inline(never)
    func checkInvariants() {
        precondition(indexByKey.count == nodes.count, "KeyedHeights: \(indexByKey.count) keys, \(nodes.count) nodes")
        for (key, index) in indexByKey {
            precondition(nodes[index].key == key, "KeyedHeights: key maps to a node holding another key")
        }
        var visited = 0
        var index = newest
        var previous = -1
        while index >= 0 {
            precondition(visited < nodes.count, "KeyedHeights: the recency list has a cycle")
            precondition(nodes[index].newer == previous, "KeyedHeights: broken back link at \(index)")
            visited += 1
            previous = index
            index = nodes[index].older
        }
        precondition(visited == nodes.count && previous == oldest, "KeyedHeights: the recency list misses nodes")
        if let limit = countLimit { precondition(nodes.count <= limit, "KeyedHeights: over the count limit") }
    }
    #else
    @inline(__always)
    func checkInvariants() {}
    #endif
}
