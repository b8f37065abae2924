import Foundation

/// The frame every file of the package is written in, so that no file is trusted before it
/// is known whole and current:
///
/// ```
/// magic (4 bytes: what the file is)  version (UInt8)  payload
/// checksum (UInt64, little-endian: 64-bit FNV-1a of every byte before it)
/// ```
///
/// The version is read before the checksum, so a file of another version is told apart
/// (stale: written by another release) from a damaged one. FNV-1a changes its value for any
/// change confined to one byte (each step is a bijection of the running hash), so every
/// single-bit flip, and every torn write, is detected.
struct FileEnvelope: Sendable {
    /// Four ASCII bytes naming the kind of file.
    let magic: [UInt8]
    /// The format version of this kind; another is stale.
    let version: UInt8
    /// The kind, for messages: "height file".
    let kind: String

    static let headerSize = 5
    static let checksumSize = 8

    /// ``HeightFile``: version 1 ended in a 32-bit checksum; version 2 had no system stamp
    /// and no text weight.
    static let heights = FileEnvelope(magic: Array("TLCH".utf8), version: 3, kind: "height file")
    /// A skeleton layout's file: version 1 was bare JSON; version 2 had no system stamp, no
    /// date and no text weight.
    static let skeletonLayout = FileEnvelope(magic: Array("TLCS".utf8), version: 3, kind: "skeleton layout file")
    /// A skeleton load count's file: version 1 was bare JSON; version 2 counted layouts of
    /// format 2, which are all stale.
    static let skeletonCount = FileEnvelope(magic: Array("TLCC".utf8), version: 3, kind: "skeleton count file")

    /// A writer holding the header; append the payload, then ``seal(_:)``.
    ///
    /// - Complexity: O(1).
    func writer() -> ByteWriter {
        var writer = ByteWriter()
        writer.bytes(magic)
        writer.uint8(version)
        return writer
    }

    /// The file's bytes: what `writer` holds, then the checksum.
    ///
    /// - Complexity: O(*n*) in the bytes.
    func seal(_ writer: ByteWriter) -> Data {
        var writer = writer
        let checksum = writer.bytes.withUnsafeBytes { StableHash.fnv1a64($0) }
        writer.uint64(checksum)
        return writer.data
    }

    /// A file holding `payload`.
    ///
    /// - Complexity: O(*n*) in the bytes.
    func seal(payload: Data) -> Data {
        var writer = writer()
        writer.bytes(Array(payload))
        return seal(writer)
    }

    /// Checks `data` and hands its payload to `body`, which must not keep the buffer.
    ///
    /// - Throws: ``FileDecodingError`` from the checks, and whatever `body` throws.
    ///   (Untyped `throws`: Swift 6.3 crashes compiling typed throws for Apple platforms.)
    /// - Complexity: O(*n*) in the bytes, plus `body`.
    func open<T>(_ data: Data, _ body: (UnsafeRawBufferPointer) throws -> T) throws -> T {
        // One contiguous buffer read with unaligned loads: `Data`'s subscript, byte by
        // byte, made loading 10,000 heights take 5 ms instead of well under one.
        try data.withUnsafeBytes { bytes in
            guard bytes.count >= magic.count, magic.indices.allSatisfy({ bytes[$0] == magic[$0] }) else {
                throw FileDecodingError.foreign(kind)
            }
            guard bytes.count > magic.count else { throw FileDecodingError.truncated }
            let found = bytes[magic.count]
            guard found == version else { throw FileDecodingError.unsupportedVersion(found) }
            guard bytes.count >= Self.headerSize + Self.checksumSize else { throw FileDecodingError.truncated }
            let end = bytes.count - Self.checksumSize
            let stored = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: end, as: UInt64.self))
            guard stored == StableHash.fnv1a64(UnsafeRawBufferPointer(rebasing: bytes[..<end])) else {
                throw FileDecodingError.checksumMismatch
            }
            return try body(UnsafeRawBufferPointer(rebasing: bytes[Self.headerSize..<end]))
        }
    }
}

/// Why a file's bytes were not trusted.
enum FileDecodingError: Error, Equatable, CustomStringConvertible {
    /// Not a file of the kind named.
    case foreign(String)
    /// A format version this release does not read: stale, not damaged.
    case unsupportedVersion(UInt8)
    /// Shorter than its contents say.
    case truncated
    /// A partial or corrupted write.
    case checksumMismatch
    /// Well-formed bytes whose values cannot be (a negative height, a bad key tag).
    case invalidContent(String)

    var description: String {
        switch self {
        case .foreign(let kind): return "not a \(kind)"
        case .unsupportedVersion(let version): return "format version \(version) is not supported"
        case .truncated: return "the file is truncated"
        case .checksumMismatch: return "the checksum does not match (a partial or corrupted write)"
        case .invalidContent(let what): return "invalid content: \(what)"
        }
    }
}

/// Why something could not be written.
enum FileEncodingError: Error, Equatable, CustomStringConvertible {
    /// A string longer than a length field holds, in UTF-8 bytes. Refused, never cut: a cut
    /// key would collide with its prefix.
    case stringTooLong(bytes: Int)

    var description: String {
        switch self {
        case .stringTooLong(let bytes): return "a string of \(bytes) UTF-8 bytes (at most \(ByteWriter.maximumStringBytes) can be stored)"
        }
    }
}

/// Appends little-endian fields to a byte buffer.
struct ByteWriter {
    /// The longest string a length prefix holds, in UTF-8 bytes.
    static let maximumStringBytes = Int(UInt16.max)

    private(set) var bytes: [UInt8] = []

    /// The bytes written, as `Data`.
    var data: Data { Data(bytes) }

    mutating func bytes(_ values: [UInt8]) { bytes.append(contentsOf: values) }
    mutating func reserve(_ count: Int) { bytes.reserveCapacity(bytes.count + count) }
    mutating func uint8(_ value: UInt8) { bytes.append(value) }
    mutating func uint16(_ value: UInt16) { append(value) }
    mutating func uint32(_ value: UInt32) { append(value) }
    mutating func uint64(_ value: UInt64) { append(value) }
    mutating func float64(_ value: Double) { uint64(value.bitPattern) }

    /// A length-prefixed UTF-8 string, in its canonical composed form (see ``StableHash``).
    ///
    /// - Throws: ``FileEncodingError/stringTooLong(bytes:)`` past 65,535 bytes; nothing is
    ///   appended then.
    mutating func string(_ value: String) throws {
        let utf8 = StableHash.normalized(value).utf8
        guard utf8.count <= Self.maximumStringBytes else { throw FileEncodingError.stringTooLong(bytes: utf8.count) }
        uint16(UInt16(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    private mutating func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
}

/// Reads little-endian fields from raw bytes, answering `nil` past the end instead of
/// trapping.
struct ByteReader {
    private let buffer: UnsafeRawBufferPointer
    private var offset = 0

    init(_ buffer: UnsafeRawBufferPointer) {
        self.buffer = buffer
    }

    var remaining: Int { buffer.count - offset }

    mutating func uint8() -> UInt8? {
        guard remaining >= 1 else { return nil }
        defer { offset += 1 }
        return buffer[offset]
    }

    mutating func uint16() -> UInt16? { integer(UInt16.self) }
    mutating func uint32() -> UInt32? { integer(UInt32.self) }
    mutating func uint64() -> UInt64? { integer(UInt64.self) }
    mutating func float64() -> Double? { uint64().map(Double.init(bitPattern:)) }

    mutating func string() -> String? {
        guard let length = uint16(), remaining >= Int(length) else { return nil }
        defer { offset += Int(length) }
        return String(decoding: UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + Int(length)]), as: UTF8.self)
    }

    private mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
        let size = MemoryLayout<T>.size
        guard remaining >= size else { return nil }
        defer { offset += size }
        return T(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: T.self))
    }
}
