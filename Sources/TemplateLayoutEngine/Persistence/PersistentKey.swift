import Foundation

/// A key that can be written to disk: an integer or a string. Model identifiers are one or
/// the other (a `UUID` is written as its string).
public enum PersistentKey: Hashable, Sendable, CustomStringConvertible {
    /// An integer identifier.
    case int(Int64)
    /// A string identifier.
    case string(String)

    /// The persistent form of a cache key, or `nil` for a key of another type (it is cached in
    /// memory only).
    ///
    /// `Int`, `UInt` and every fixed-width integer type (unsigned ones up to `Int64.max`),
    /// `String` (and `NSString`, which bridges to it), `Substring` and `UUID` are accepted.
    ///
    /// - Complexity: O(*n*) in the length of a string key.
    public init?(_ key: AnyHashable) {
        switch key.base {
        case let value as Int: self = .int(Int64(value))
        case let value as Int64: self = .int(value)
        case let value as Int32: self = .int(Int64(value))
        case let value as Int16: self = .int(Int64(value))
        case let value as Int8: self = .int(Int64(value))
        case let value as UInt32: self = .int(Int64(value))
        case let value as UInt16: self = .int(Int64(value))
        case let value as UInt8: self = .int(Int64(value))
        case let value as UInt where UInt64(value) <= UInt64(Int64.max): self = .int(Int64(value))
        case let value as UInt64 where value <= UInt64(Int64.max): self = .int(Int64(value))
        case let value as String: self = .string(value)
        case let value as Substring: self = .string(String(value))
        case let value as UUID: self = .string(value.uuidString)
        default: return nil
        }
    }

    /// Whether the key can be written: a string key's canonical composed form (NFC, the
    /// form on disk) fits its 65,535-byte length field. A longer key is refused, never cut,
    /// since a cut key would collide with its prefix.
    ///
    /// - Complexity: O(1) for an integer or a string under 21,845 bytes; O(*n*) otherwise.
    var isStorable: Bool {
        guard case .string(let value) = self else { return true }
        // NFC at most triples a string's UTF-8 length (UAX #15), so short keys need no normalising.
        guard value.utf8.count > ByteWriter.maximumStringBytes / 3 else { return true }
        return StableHash.normalized(value).utf8.count <= ByteWriter.maximumStringBytes
    }

    /// The key for a log line: a string key past 80 bytes is shortened, with its length.
    var shortDescription: String {
        guard case .string(let value) = self, value.utf8.count > 80 else { return description }
        return "\(value.prefix(40))… (\(value.utf8.count) bytes)"
    }

    /// The key as the debug log writes it.
    ///
    /// - Complexity: O(1).
    public var description: String {
        switch self {
        case .int(let value): return String(value)
        case .string(let value): return value
        }
    }
}
