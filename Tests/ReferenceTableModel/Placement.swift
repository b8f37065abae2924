/// UIKit's placement rule, the same for the sections of a table and the rows of a
/// section: what a batch puts somewhere (inserted or moved in) takes exactly that new
/// index, and everything that stays fills the remaining places first to last, in its
/// old relative order.
enum Placement {
    /// The new order of `count` places.
    ///
    /// Bad input: traps unless every fixed index is in `0..<count`, and the fixed and
    /// the staying elements add up to `count`; callers validate first.
    ///
    /// - Complexity: O(`count`).
    static func arrange<Element>(count: Int, fixed: [Int: Element], staying: [Element]) -> [Element] {
        precondition(fixed.count + staying.count == count, "placement of \(fixed.count) fixed and \(staying.count) staying in \(count) places")
        var places = [Element?](repeating: nil, count: count)
        for (index, element) in fixed {
            places[index] = element
        }
        var remaining = staying.makeIterator()
        return places.map { place in
            if let place { return place }
            guard let next = remaining.next() else { preconditionFailure("placement ran out of staying elements") }
            return next
        }
    }
}
