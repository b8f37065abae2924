import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes the process has allocated from the C heap and not freed.
enum HeapUsage {
    /// Where the numbers come from, for the report.
    static var source: String {
        #if canImport(Glibc)
        return readMallinfo2 == nil ? "n/a (glibc without mallinfo2)" : "glibc mallinfo2 (uordblks + hblkhd)"
        #elseif canImport(Darwin)
        return "malloc_zone_statistics (size_in_use, all zones)"
        #else
        return "n/a on this platform"
        #endif
    }

    /// Bytes in use now, or `nil` where this platform cannot say.
    static func bytesInUse() -> Int? {
        #if canImport(Glibc)
        guard let readMallinfo2 else { return nil }
        // uordblks is what the heap has handed out; hblkhd is what large allocations
        // took directly with mmap, which uordblks leaves out.
        let fields = withUnsafeBytes(of: readMallinfo2()) { raw in
            (0..<MallinfoLayout.fieldCount).map { raw.load(fromByteOffset: $0 * MemoryLayout<Int>.size, as: Int.self) }
        }
        return fields[MallinfoLayout.uordblks] + fields[MallinfoLayout.hblkhd]
        #elseif canImport(Darwin)
        var statistics = malloc_statistics_t()
        malloc_zone_statistics(nil, &statistics)
        return Int(statistics.size_in_use)
        #else
        return nil
        #endif
    }

    #if canImport(Glibc)
    /// `struct mallinfo2`: ten `size_t` fields; the indexes of the two used here.
    private enum MallinfoLayout {
        static let fieldCount = 10
        static let hblkhd = 4
        static let uordblks = 7
    }

    // Swift's Glibc module leaves out <malloc.h>, so mallinfo2 is looked up at run time.
    // It returns an 80-byte struct, which every C ABI returns through a caller-provided
    // buffer; `fd_set` (128 bytes of longs, no floating point) is an imported C struct at
    // least that large, so the callee writes its 80 bytes into it.
    private typealias Mallinfo2Function = @convention(c) () -> fd_set

    private static let readMallinfo2: Mallinfo2Function? = {
        guard MemoryLayout<fd_set>.size >= MallinfoLayout.fieldCount * MemoryLayout<Int>.size,
              let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallinfo2") else { return nil }
        return unsafeBitCast(symbol, to: Mallinfo2Function.self)
    }()
    #endif
}

/// Measurement 4: heap bytes per cached height, from filling 100,000 heights into a
/// fresh instance of each contender.
///
/// Each contender is measured on its own: a warm-up fill first (so that one-time
/// allocations, such as runtime metadata and Foundation's lazily made objects, are not
/// counted), then the heap in use before and after a fill, with the instance still alive.
/// Slack from arrays grown by doubling counts: it is memory the cache holds.
enum MemoryMeasurement {
    /// Bytes per height for (a), (b) and (c).
    static func bytesPerHeight(rows: Int) -> ContenderValues {
        ContenderValues(
            engine: bytesPerHeight(rows: rows) { $0.filledEngine() },
            fdAlgorithm: bytesPerHeight(rows: rows) { $0.filledFDAlgorithm() },
            handWritten: bytesPerHeight(rows: rows) { $0.filledHandWritten() })
    }

    /// Bytes per height of the cache `fill` makes from a table of `rows` rows, or `nil`
    /// where the heap cannot be measured.
    static func bytesPerHeight<Cache>(rows: Int, fill: (CachedTable) -> Cache) -> Double? {
        let cachedTable = CachedTable(sectionSizes: [rows])
        // The table must outlive the second reading: freed after its last use, it would
        // be counted against the cache.
        return withExtendedLifetime(cachedTable) {
            withExtendedLifetime(fill(cachedTable)) {}
            guard let before = HeapUsage.bytesInUse() else { return nil }
            let cache = fill(cachedTable)
            guard let after = HeapUsage.bytesInUse() else { return nil }
            withExtendedLifetime(cache) {}
            return Double(after - before) / Double(rows)
        }
    }
}
