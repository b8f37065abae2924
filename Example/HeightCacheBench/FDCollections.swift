import Foundation

// FDTemplateLayoutCell by forkingdog, MIT licence; its algorithm re-implemented for measurement.

/// The subset of `NSMutableArray` that FD's algorithm uses, named as `NSMutableArray`
/// names it, so that the algorithm can run on Foundation's class or on a stand-in.
protocol FDMutableArray: AnyObject {
    associatedtype Element: AnyObject
    init()
    var count: Int { get }
    func object(at index: Int) -> Element
    func add(_ object: Element)
    func insert(_ object: Element, at index: Int)
    func removeObject(at index: Int)
    func removeObjects(at indexes: IndexSet)
    func replaceObject(at index: Int, with object: Element)
    func exchangeObject(at index: Int, withObjectAt otherIndex: Int)
    func removeAllObjects()
}

/// The Objective-C collections FD's storage is made of: an array of sections, each an
/// array of boxed heights. Callers check indexes first; these never see a bad one.
protocol FDCollections {
    /// `NSNumber`.
    associatedtype Number: AnyObject
    /// A section's `NSMutableArray` of numbers.
    associatedtype Rows: FDMutableArray where Rows.Element == Number
    /// The `NSMutableArray` of sections.
    associatedtype Sections: FDMutableArray where Sections.Element == Rows

    /// `@(value)`.
    static func number(_ value: Double) -> Number
    /// `-[NSNumber doubleValue]`.
    static func doubleValue(of number: Number) -> Double
    /// `-[NSNumber isEqualToNumber:]`.
    static func isEqual(_ number: Number, to other: Number) -> Bool
}

// MARK: The stand-in: what the collections cost in Objective-C, measured in Swift

/// The storage (b) is measured on: reference-counted growable arrays of reference-counted
/// boxed numbers, which is what `NSMutableArray` and `NSNumber` are on Apple platforms,
/// minus `objc_msgSend`. With ``FDAlgorithmHeightCache``'s O(1) build step (FD's is
/// O(row)) it is a lower bound for FD on iOS, so ratios against it understate the
/// engine's lead rather than flatter it.
///
/// Why not Foundation's classes on Linux: swift-corelibs-foundation's `NSArray` bridges
/// every element it returns (`-objectAtIndex:` costs 60 to 700 ns there, against about
/// 2 ns in Objective-C), and returns a nested `NSMutableArray` as a copied Swift array.
/// ``FoundationCollections`` runs the same algorithm on those classes, for comparison.
enum ObjectiveCLikeCollections: FDCollections {
    typealias Number = BoxedNumber
    typealias Rows = ObjectArray<BoxedNumber>
    typealias Sections = ObjectArray<ObjectArray<BoxedNumber>>

    @inline(__always) static func number(_ value: Double) -> BoxedNumber { BoxedNumber(value) }
    @inline(__always) static func doubleValue(of number: BoxedNumber) -> Double { number.value }
    @inline(__always) static func isEqual(_ number: BoxedNumber, to other: BoxedNumber) -> Bool { number.value == other.value }
}

/// An immutable boxed `Double`, as a non-tagged `NSNumber` is: one heap object per value.
final class BoxedNumber {
    let value: Double

    init(_ value: Double) {
        self.value = value
    }
}

/// A growable array of object references with reference semantics, as `NSMutableArray` is.
final class ObjectArray<Element: AnyObject>: FDMutableArray {
    private var elements: ContiguousArray<Element> = []

    init() {}

    var count: Int { elements.count }
    @inline(__always) func object(at index: Int) -> Element { elements[index] }
    func add(_ object: Element) { elements.append(object) }
    func insert(_ object: Element, at index: Int) { elements.insert(object, at: index) }
    func removeObject(at index: Int) { elements.remove(at: index) }
    func replaceObject(at index: Int, with object: Element) { elements[index] = object }
    func exchangeObject(at index: Int, withObjectAt otherIndex: Int) { elements.swapAt(index, otherIndex) }
    func removeAllObjects() { elements.removeAll() }

    func removeObjects(at indexes: IndexSet) {
        // Back to front, range by range, so that earlier indexes stay valid.
        for range in indexes.rangeView.reversed() { elements.removeSubrange(range) }
    }
}

// MARK: Foundation's own classes, as the algorithm was specified

/// FD's storage on Foundation's `NSMutableArray` and `NSNumber`, exactly as specified.
/// On Apple platforms this is FD's storage; on Linux it measures swift-corelibs-foundation
/// (see ``ObjectiveCLikeCollections``), so it is reported beside (b), not as (b).
enum FoundationCollections: FDCollections {
    typealias Number = NSNumber
    typealias Rows = FoundationArray<NSNumber>
    typealias Sections = FoundationArray<FoundationArray<NSNumber>>

    @inline(__always) static func number(_ value: Double) -> NSNumber { NSNumber(value: value) }
    @inline(__always) static func doubleValue(of number: NSNumber) -> Double { number.doubleValue }
    @inline(__always) static func isEqual(_ number: NSNumber, to other: NSNumber) -> Bool { number.isEqual(to: other) }
}

/// An `NSMutableArray` whose elements are all `Element`.
///
/// A wrapper because on Linux an `NSMutableArray` stored in another comes back out of
/// `-objectAtIndex:` bridged to a copied Swift array, so mutating it would change
/// nothing; the section array therefore holds these wrappers, one pointer hop more than
/// Objective-C.
final class FoundationArray<Element: AnyObject>: FDMutableArray {
    private let array = NSMutableArray()

    init() {}

    var count: Int { array.count }
    // The cast is what Swift code on NSMutableArray pays; elements are only ever `Element`.
    @inline(__always) func object(at index: Int) -> Element { array.object(at: index) as! Element }
    func add(_ object: Element) { array.add(object) }
    func insert(_ object: Element, at index: Int) { array.insert(object, at: index) }
    func removeObject(at index: Int) { array.removeObject(at: index) }
    func removeObjects(at indexes: IndexSet) { array.removeObjects(at: indexes) }
    func replaceObject(at index: Int, with object: Element) { array.replaceObject(at: index, with: object) }
    func exchangeObject(at index: Int, withObjectAt otherIndex: Int) { array.exchangeObject(at: index, withObjectAt: otherIndex) }
    func removeAllObjects() { array.removeAllObjects() }
}
