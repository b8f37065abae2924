import ScrollSimulation

/// How long the run takes: repeats and sizes for a full run or a `--quick` smoke run.
struct BenchOptions {
    /// Whether this is the short CI smoke run.
    let isQuick: Bool
    /// Whether only the scroll-session section runs (`--scroll`).
    let scrollOnly: Bool
    /// The scroll session's layout cost per cell kind (`--layout-costs=S,T,C`, in ms).
    let layoutCosts: LayoutCostTable
    /// Random lookups timed per repeat.
    let lookupCount: Int
    /// Timed repeats of each of (a)'s and (c)'s lookup loops.
    let lookupRepeats: Int
    /// Timed repeats of (b)'s lookup loops, which are far slower.
    let slowLookupRepeats: Int
    /// Timed single-row inserts at the top of the big section.
    let insertRepeats: Int
    /// Timed applications of the 1,000-call batch.
    let batchRepeats: Int
    /// Random batches in the wrong-height survey.
    let surveyTrials: Int

    /// Untimed runs before timing, so that caches, page tables and lazy runtime
    /// metadata are warm.
    let warmups: Int

    /// Options for the command line `arguments` (without the program name), or `nil`
    /// for arguments it does not understand.
    init?(arguments: [String]) {
        var costs = LayoutCostTable()
        for argument in arguments where argument.hasPrefix(Self.costsPrefix) {
            guard let parsed = Self.costs(String(argument.dropFirst(Self.costsPrefix.count))) else { return nil }
            costs = parsed
        }
        guard arguments.allSatisfy({ $0 == "--quick" || $0 == "--scroll" || $0.hasPrefix(Self.costsPrefix) }) else { return nil }
        isQuick = arguments.contains("--quick")
        scrollOnly = arguments.contains("--scroll")
        layoutCosts = costs
        // Many short repeats rather than a few long ones: on a shared machine a repeat
        // that fits in one scheduler time slice is more often undisturbed, and the median
        // of many such repeats is the undisturbed time.
        lookupCount = 100_000
        lookupRepeats = isQuick ? 7 : 41
        slowLookupRepeats = isQuick ? 3 : 11
        insertRepeats = isQuick ? 9 : 51
        batchRepeats = isQuick ? 3 : 15
        surveyTrials = isQuick ? 500 : 10_000
        warmups = isQuick ? 1 : 2
    }

    static let usage = "usage: height-cache-bench [--quick] [--scroll] [--layout-costs=SIMPLE,TEXT,COMPLEX (ms)]"

    private static let costsPrefix = "--layout-costs="

    /// `0.2,1,2.5` as nanoseconds; `nil` unless three finite, non-negative numbers.
    private static func costs(_ text: String) -> LayoutCostTable? {
        let values = text.split(separator: ",").compactMap { Double($0) }
        guard values.count == 3, values.allSatisfy({ $0.isFinite && $0 >= 0 && $0 < 10_000 }) else { return nil }
        let nanoseconds = values.map { UInt64(($0 * 1e6).rounded()) }
        return LayoutCostTable(simple: nanoseconds[0], textHeavy: nanoseconds[1], complex: nanoseconds[2])
    }
}
