/// How long the run takes: repeats and sizes for a full run or a `--quick` smoke run.
struct BenchOptions {
    /// Whether this is the short CI smoke run.
    let isQuick: Bool
    /// Whether only the scroll-session section runs (`--scroll`).
    let scrollOnly: Bool
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
        guard arguments.allSatisfy({ $0 == "--quick" || $0 == "--scroll" }) else { return nil }
        isQuick = arguments.contains("--quick")
        scrollOnly = arguments.contains("--scroll")
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

    static let usage = "usage: height-cache-bench [--quick] [--scroll]"
}
