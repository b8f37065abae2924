import Foundation

/// Names and checksums that must be the same in every launch, process and platform (unlike
/// `hashValue`, which Swift seeds per process): 64-bit FNV-1a, the one hash of the disk
/// layer, for file names and for the checksum of every file.
///
/// Text is hashed in its canonical composed form (NFC): Swift compares strings by canonical
/// equivalence, so a precomposed "é" and "e" + combining acute are the same key in memory
/// and must name the same file on disk.
enum StableHash {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// 64-bit FNV-1a over raw bytes.
    ///
    /// - Complexity: O(*n*) in the bytes.
    static func fnv1a64(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = offsetBasis
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* prime
        }
        return hash
    }

    /// 64-bit FNV-1a over the UTF-8 bytes of `text` in its canonical composed form.
    ///
    /// - Complexity: O(*n*) in the bytes.
    static func fnv1a64(_ text: String) -> UInt64 {
        var hash = offsetBasis
        for byte in normalized(text).utf8 {
            hash = (hash ^ UInt64(byte)) &* prime
        }
        return hash
    }

    /// The hash of `text` as 16 lowercase hex digits: safe in a file name on every file system.
    ///
    /// - Complexity: O(*n*) in the bytes.
    static func name(_ text: String) -> String {
        let digits = String(fnv1a64(text), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Whether `name` is what ``name(_:)`` makes.
    ///
    /// - Complexity: O(1).
    static func isName<S: StringProtocol>(_ name: S) -> Bool {
        name.utf8.count == 16 && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// `text` in Unicode's canonical composed form (NFC), the one form written to disk and
    /// hashed. ASCII, the common case, is already in it and is returned as is.
    ///
    /// - Complexity: O(*n*) in the bytes.
    static func normalized(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        return text.precomposedStringWithCanonicalMapping
    }
}
