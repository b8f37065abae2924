import Foundation

/// The contents of one persisted height file: the heights of one namespace in one layout
/// context, stamped with what they were measured under.
///
/// The format is binary and compact (a height costs 9 bytes plus its key: a one-byte key
/// tag and an 8-byte `Float64`, so it comes back bit for bit), little-endian, in the
/// package's ``FileEnvelope`` (magic `TLCH`, version 3), so a partial write or a corrupted
/// file is detected and discarded rather than served. Version 1 ended in a 32-bit checksum;
/// version 2 had no system stamp and no text weight; both are discarded as stale:
///
/// ```
/// "TLCH" (4 bytes)  format version (UInt8 = 3)
/// app version, content version, namespace (each: UInt16 length + UTF-8, NFC)
/// OS major version (UInt32)  SDK name (UInt16 + UTF-8)
/// fixed length in pixels (UInt32)  display scale (Float64)  content size category (UInt16 + UTF-8)
/// context flags (UInt8: bit 0 Bold Text, bit 1 height fixed; other bits are damage)
/// saved at (Float64 seconds since 1970)  entry count (UInt32)
/// entries: tag (UInt8: 0 int, 1 string)  key (Int64, or UInt16 + UTF-8, NFC)  height (Float64)
/// checksum (UInt64, FNV-1a 64 of every byte before it)
/// ```
///
/// The flags byte was the legibility weight (0 regular, 1 bold) before height-fixed
/// contexts persisted: a width-fixed (table) context writes the bytes it always wrote, and
/// its files still read. A height-fixed context sets bit 1, which earlier versions reject as
/// damage, so its file is never read back as a width context (nor a table's as a height
/// one). Its "height" entries are the measured widths: one length per key along the free
/// dimension.
struct HeightFile: Equatable {
    /// What the heights were measured under; a mismatch on load means they are stale.
    struct Stamp: Equatable {
        var appVersion: String
        var contentVersion: String
        var namespace: String
        /// The OS major version and the SDK the heights were measured under.
        var system: SystemStamp
        var context: LayoutContext
        var savedAt: Date
    }

    var stamp: Stamp
    var heights: [PersistentKey: CGFloat]

    /// Why a file could not be read.
    typealias DecodingError = FileDecodingError

    static let envelope = FileEnvelope.heights

    /// Bit 0 of the context flags: Bold Text (the legibility weight's file code, 0 or 1).
    static let boldFlag: UInt8 = 1
    /// Bit 1 of the context flags: the height is fixed and widths are measured.
    static let heightFixedFlag: UInt8 = 2

    /// The context flags byte: what format 3 wrote as the legibility weight, plus
    /// ``heightFixedFlag`` for a height-fixed context.
    static func flags(of context: LayoutContext) -> UInt8 {
        context.legibilityWeight.fileCode | (context.fixedDimension == .height ? heightFixedFlag : 0)
    }

    /// The file's bytes.
    ///
    /// - Throws: ``FileEncodingError`` when a string (a version, the namespace, a key) is
    ///   longer than 65,535 UTF-8 bytes: refused, never cut.
    /// - Complexity: O(*n*) in the entries and their keys.
    func encoded() throws -> Data {
        var writer = Self.envelope.writer()
        writer.reserve(64 + heights.count * 17)
        try writer.string(stamp.appVersion)
        try writer.string(stamp.contentVersion)
        try writer.string(stamp.namespace)
        writer.uint32(UInt32(clamping: stamp.system.osMajorVersion))
        try writer.string(stamp.system.sdkName)
        writer.uint32(UInt32(clamping: stamp.context.lengthInPixels))
        writer.float64(Double(stamp.context.displayScale))
        try writer.string(stamp.context.contentSizeCategory.rawValue)
        writer.uint8(Self.flags(of: stamp.context))
        writer.float64(stamp.savedAt.timeIntervalSince1970)
        writer.uint32(UInt32(clamping: heights.count))
        for (key, height) in heights {
            switch key {
            case .int(let value):
                writer.uint8(0)
                writer.uint64(UInt64(bitPattern: value))
            case .string(let value):
                writer.uint8(1)
                try writer.string(value)
            }
            writer.float64(Double(height))
        }
        return Self.envelope.seal(writer)
    }

    /// Reads a file's bytes, checking everything before trusting anything.
    ///
    /// - Throws: ``DecodingError`` only. (Untyped `throws`: Swift 6.3 crashes compiling a
    ///   typed-throws function like this one for Apple platforms.)
    /// - Complexity: O(*n*) in the file's size.
    static func decode(_ data: Data) throws -> HeightFile {
        try envelope.open(data) { try decode(payload: $0) }
    }

    private static func decode(payload: UnsafeRawBufferPointer) throws -> HeightFile {
        var reader = ByteReader(payload)
        guard let appVersion = reader.string(), let contentVersion = reader.string(), let namespace = reader.string(),
              let osMajorVersion = reader.uint32(), let sdkName = reader.string(),
              let pixels = reader.uint32(), let scale = reader.float64(), let category = reader.string(),
              let flags = reader.uint8(), let savedAt = reader.float64(), let count = reader.uint32()
        else { throw DecodingError.truncated }
        guard scale.isFinite, scale > 0 else { throw DecodingError.invalidContent("display scale \(scale)") }
        guard flags & ~(Self.boldFlag | Self.heightFixedFlag) == 0,
              let weight = LayoutContext.LegibilityWeight(fileCode: flags & Self.boldFlag)
        else { throw DecodingError.invalidContent("context flags \(flags)") }
        let dimension: LayoutContext.FixedDimension = flags & Self.heightFixedFlag == 0 ? .width : .height
        guard osMajorVersion <= UInt32(Int32.max) else { throw DecodingError.invalidContent("OS version \(osMajorVersion)") }
        let context = LayoutContext(fixing: dimension, length: CGFloat(pixels) / CGFloat(scale), displayScale: CGFloat(scale),
                                    contentSizeCategory: LayoutContext.ContentSizeCategory(rawValue: category), legibilityWeight: weight)
        guard context.lengthInPixels == Int(pixels), savedAt.isFinite else { throw DecodingError.invalidContent("layout context or date") }
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
                          system: SystemStamp(osMajorVersion: Int(osMajorVersion), sdkName: sdkName),
                          context: context, savedAt: Date(timeIntervalSince1970: savedAt))
        return HeightFile(stamp: stamp, heights: heights)
    }
}
