import Foundation

/// The contents of one persisted height file: the heights of one namespace in one layout
/// context, stamped with what they were measured under.
///
/// The format is binary and compact (a height costs 9 bytes plus its key: a one-byte key
/// tag and an 8-byte `Float64`, so it comes back bit for bit), little-endian, and ends in a
/// checksum, so a partial write or a corrupted file is detected and discarded rather than
/// served:
///
/// ```
/// "TLCH" (4 bytes)  format version (UInt8 = 1)
/// app version, content version, namespace (each: UInt16 length + UTF-8)
/// width in pixels (UInt32)  display scale (Float64)  content size category (UInt16 + UTF-8)
/// saved at (Float64 seconds since 1970)  entry count (UInt32)
/// entries: tag (UInt8: 0 int, 1 string)  key (Int64, or UInt16 + UTF-8)  height (Float64)
/// checksum (UInt32, FNV-1a of every byte before it)
/// ```
struct HeightFile: Equatable {
    /// What the heights were measured under; a mismatch on load means they are stale.
    struct Stamp: Equatable {
        var appVersion: String
        var contentVersion: String
        var namespace: String
        var context: LayoutContext
        var savedAt: Date
    }

    var stamp: Stamp
    var heights: [PersistentKey: CGFloat]

    /// Why a file could not be read.
    enum DecodingError: Error, Equatable, CustomStringConvertible {
        case notAHeightFile
        case unsupportedVersion(UInt8)
        case truncated
        case checksumMismatch
        case invalidContent(String)

        var description: String {
            switch self {
            case .notAHeightFile: return "not a height file"
            case .unsupportedVersion(let version): return "format version \(version) is not supported"
            case .truncated: return "the file is truncated"
            case .checksumMismatch: return "the checksum does not match (a partial or corrupted write)"
            case .invalidContent(let what): return "invalid content: \(what)"
            }
        }
    }

    static let magic: [UInt8] = Array("TLCH".utf8)
    static let formatVersion: UInt8 = 1

    /// The file's bytes.
    ///
    /// - Complexity: O(*n*) in the entries and their keys.
    func encoded() -> Data {
        var writer = ByteWriter()
        writer.bytes(Self.magic)
        writer.uint8(Self.formatVersion)
        writer.string(stamp.appVersion)
        writer.string(stamp.contentVersion)
        writer.string(stamp.namespace)
        writer.uint32(UInt32(clamping: stamp.context.widthInPixels))
        writer.float64(Double(stamp.context.displayScale))
        writer.string(stamp.context.contentSizeCategory.rawValue)
        writer.float64(stamp.savedAt.timeIntervalSince1970)
        writer.uint32(UInt32(clamping: heights.count))
        for (key, height) in heights {
            switch key {
            case .int(let value):
                writer.uint8(0)
                writer.uint64(UInt64(bitPattern: value))
            case .string(let value):
                writer.uint8(1)
                writer.string(value)
            }
            writer.float64(Double(height))
        }
        writer.uint32(Self.checksum(writer.bytes))
        return writer.data
    }

    /// Reads a file's bytes, checking everything before trusting anything.
    ///
    /// - Throws: ``DecodingError`` only. (Untyped `throws`: Swift 6.3 crashes compiling a
    ///   typed-throws function like this one for Apple platforms.)
    /// - Complexity: O(*n*) in the file's size.
    static func decode(_ data: Data) throws -> HeightFile {
        // One contiguous buffer read with unaligned loads: `Data`'s subscript, byte by
        // byte, made loading 10,000 heights take 5 ms instead of well under one.
        try data.withUnsafeBytes { try decode(bytes: $0) }
    }

    private static func decode(bytes: UnsafeRawBufferPointer) throws -> HeightFile {
        guard bytes.count >= magic.count + 1 + 4 else { throw DecodingError.notAHeightFile }
        let body = UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - 4)])
        guard magic.indices.allSatisfy({ bytes[$0] == magic[$0] }) else { throw DecodingError.notAHeightFile }
        var checksumReader = ByteReader(UnsafeRawBufferPointer(rebasing: bytes[(bytes.count - 4)...]))
        guard let stored = checksumReader.uint32(), stored == checksum(body) else { throw DecodingError.checksumMismatch }

        var reader = ByteReader(UnsafeRawBufferPointer(rebasing: body[magic.count...]))
        guard let version = reader.uint8() else { throw DecodingError.truncated }
        guard version == formatVersion else { throw DecodingError.unsupportedVersion(version) }
        guard let appVersion = reader.string(), let contentVersion = reader.string(), let namespace = reader.string(),
              let pixels = reader.uint32(), let scale = reader.float64(), let category = reader.string(),
              let savedAt = reader.float64(), let count = reader.uint32()
        else { throw DecodingError.truncated }
        let context = LayoutContext(width: CGFloat(pixels) / CGFloat(scale), displayScale: CGFloat(scale),
                                    contentSizeCategory: ContentSizeCategory(rawValue: category))
        guard context.widthInPixels == Int(pixels), savedAt.isFinite else { throw DecodingError.invalidContent("layout context or date") }
        // Each entry is at least 10 bytes; a count the bytes cannot hold is corrupt, and
        // checking it first keeps a corrupt count from reserving absurd memory.
        guard Int(count) <= reader.remaining / 10 else { throw DecodingError.truncated }

        var heights: [PersistentKey: CGFloat] = [:]
        heights.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let tag = reader.uint8() else { throw DecodingError.truncated }
            let key: PersistentKey
            switch tag {
            case 0:
                guard let value = reader.uint64() else { throw DecodingError.truncated }
                key = .int(Int64(bitPattern: value))
            case 1:
                guard let value = reader.string() else { throw DecodingError.truncated }
                key = .string(value)
            default:
                throw DecodingError.invalidContent("key tag \(tag)")
            }
            guard let height = reader.float64() else { throw DecodingError.truncated }
            guard height.isFinite, height >= 0 else { throw DecodingError.invalidContent("height \(height)") }
            heights[key] = CGFloat(height)
        }
        guard reader.remaining == 0 else { throw DecodingError.invalidContent("\(reader.remaining) bytes after the entries") }
        let stamp = Stamp(appVersion: appVersion, contentVersion: contentVersion, namespace: namespace,
                          context: context, savedAt: Date(timeIntervalSince1970: savedAt))
        return HeightFile(stamp: stamp, heights: heights)
    }

    /// FNV-1a, 32 bits: cheap, and enough to tell a torn or damaged file from a whole one.
    static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return hash
    }
}

/// Appends little-endian fields to a byte buffer.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    /// The bytes written, as `Data`.
    var data: Data { Data(bytes) }

    mutating func bytes(_ values: [UInt8]) { bytes.append(contentsOf: values) }
    mutating func uint8(_ value: UInt8) { bytes.append(value) }
    mutating func uint16(_ value: UInt16) { append(value) }
    mutating func uint32(_ value: UInt32) { append(value) }
    mutating func uint64(_ value: UInt64) { append(value) }
    mutating func float64(_ value: Double) { uint64(value.bitPattern) }

    /// A length-prefixed UTF-8 string; longer than 65,535 bytes is cut at that (no key or
    /// version string is that long; cutting keeps the file readable).
    mutating func string(_ value: String) {
        let utf8 = value.utf8.prefix(Int(UInt16.max))
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
