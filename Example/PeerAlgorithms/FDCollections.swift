import Foundation

// FDTemplateLayoutCell by forkingdog, MIT licence; its algorithm re-implemented for measurement.

/// The subset of `NSMutableArray` that FD's algorithm uses, named as `NSMutableArray`
/// names it, so that the algorithm can run on Foundation's class or on a stand-in.
public protocol FDMutableArray: AnyObject {
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
public protocol FDCollections {
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

// `@inlinable` members: see `FDAlgorithmHeightCache`; the benchmark specializes them.

/// The storage the benchmark measures as (b), and the demo replays on: reference-counted
/// growable arrays of reference-counted boxed numbers, which is what `NSMutableArray` and
/// `NSNumber` are on Apple platforms, minus `objc_msgSend`. With ``FDAlgorithmHeightCache``'s O(1) build step (FD's is
/// O(row)) it is a lower bound for FD on iOS, so ratios against it understate the
/// engine's lead rather than flatter it.
///
/// Why not Foundation's classes on Linux: swift-corelibs-foundation's `NSArray` bridges
/// every element it returns (`-objectAtIndex:` costs 60 to 700 ns there, against about
/// 2 ns in Objective-C), and returns a nested `NSMutableArray` as a copied Swift array.
/// ``FoundationCollections`` runs the same algorithm on those classes, for comparison.
public enum ObjectiveCLikeCollections: FDCollections {
    public typealias Number = BoxedNumber
    public typealias Rows = ObjectArray<BoxedNumber>
    public typealias Sections = ObjectArray<ObjectArray<BoxedNumber>>

    @inlinable @inline(__always) public static func number(_ value: Double) -> BoxedNumber { BoxedNumber(value) }
    @inlinable @inline(__always) public static func doubleValue(of number: BoxedNumber) -> Double { number.value }
    @inlinable @inline(__always) public static func isEqual(_ number: BoxedNumber, to other: BoxedNumber) -> Bool { number.value == other.value }
}

/// An immutable boxed `Double`, as a non-tagged `NSNumber` is: one heap object per value.
public final class BoxedNumber {
    public let value: Double

    @inlinable public init(_ value: Double) {
        self.value = value
    }
}

/// A growable array of object references with reference semantics, as `NSMutableArray` is.
public final class ObjectArray<Element: AnyObject>: FDMutableArray {
    @usableFromInline var elements: ContiguousArray<Element> = []

    @inlinable public init() {}

    @inlinable public var count: Int { elements.count }
    @inlinable @inline(__always) public func object(at index: Int) -> Element { elements[index] }
    @inlinable public func add(_ object: Element) { elements.append(object) }
    @inlinable public func insert(_ object: Element, at index: Int) { elements.insert(object, at: index) }
    @inlinable public func removeObject(at index: Int) { elements.remove(at: index) }
    @inlinable public func replaceObject(at index: Int, with object: Element) { elements[index] = object }
    @inlinable public func exchangeObject(at index: Int, withObjectAt otherIndex: Int) { elements.swapAt(index, otherIndex) }
    @inlinable public func removeAllObjects() { elements.removeAll() }

    @inlinable public func removeObjects(at indexes: IndexSet) {
        // Back to front, range by range, so that earlier indexes stay valid.
        for range in indexes.rangeView.reversed() { elements.removeSubrange(range) }
    }
}

// MARK: Foundation's own classes, as the algorithm was specified

/// FD's storage on Foundation's `NSMutableArray` and `NSNumber`, exactly as specified.
/// On Apple platforms this is FD's storage; on Linux it measures swift-corelibs-foundation
/// (see ``ObjectiveCLikeCollections``), so it is reported beside (b), not as (b).
public enum FoundationCollections: FDCollections {
    public typealias Number = NSNumber
    public typealias Rows = FoundationArray<NSNumber>
    public typealias Sections = FoundationArray<FoundationArray<NSNumber>>

    @inlinable @inline(__always) public static func number(_ value: Double) -> NSNumber { NSNumber(value: value) }
    @inlinable @inline(__always) public static func doubleValue(of number: NSNumber) -> Double { number.doubleValue }
    @inlinable @inline(__always) public static func isEqual(_ number: NSNumber, to other: NSNumber) -> Bool { number.isEqual(to: other) }
}

/// An `NSMutableArray` whose elements are all `Element`.
///
/// A wrapper because on Linux an `NSMutableArray` stored in another comes back out of
/// `-objectAtIndex:` bridged to a copied Swift array, so mutating it would change
/// nothing; the section array therefore holds these wrappers, one pointer hop more than
/// Objective-C.
public final class FoundationArray<Element: AnyObject>: FDMutableArray {
    @usableFromInline let array = NSMutableArray()

    @inlinable public init() {}

    @inlinable public var count: Int { array.count }
    // The cast is what Swift code on NSMutableArray pays; elements are only ever `Element`.
    @inlinable @inline(__always) public func object(at index: Int) -> Element { array.object(at: index) as! Element }
    @inlinable public func add(_ object: Element) { array.add(object) }
    @inlinable public func insert(_ object: Element, at index: Int) { array.insert(object, at: index) }
    @inlinable public func removeObject(at index: Int) { array.removeObject(at: index) }
    @inlinable public func removeObjects(at indexes: IndexSet) { array.removeObjects(at: indexes) }
    @inlinable public func replaceObject(at index: Int, with object: Element) { array.replaceObject(at: index, with: object) }
    @inlinable public func exchangeObject(at index: Int, withObjectAt otherIndex: Int) { array.exchangeObject(at: index, withObjectAt: otherIndex) }
    @inlinable public func removeAllObjects() { array.removeAllObjects() }
}
