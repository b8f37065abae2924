import Foundation
import ReferenceTableModel

/// The seeds of the model-based runs: fixed, so every `swift test` checks the same
/// batches, unless `TEMPLATE_LAYOUT_SEED` names one run to replay.
///
/// Each run has its own seed, printed in every failure; setting `TEMPLATE_LAYOUT_SEED`
/// to it (decimal or `0x` hex) runs exactly that run again, step for step.
enum ModelBasedSeeds {
    /// Where the fixed seeds are derived from.
    static let base: UInt64 = 0x7E57_AB1E_F00D_5EED
    /// How many runs a normal `swift test` makes.
    static let runCount = 20
    /// How many batches each run applies.
    static let stepsPerRun = 500

    /// The seed in `TEMPLATE_LAYOUT_SEED`, if set and readable.
    static var override: UInt64? {
        guard let text = ProcessInfo.processInfo.environment["TEMPLATE_LAYOUT_SEED"]?
            .trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if text.lowercased().hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) }
        return UInt64(text)
    }

    /// The seeds to run: the override alone, or `runCount` seeds derived from ``base``.
    static func seeds(salt: UInt64 = 0) -> [UInt64] {
        if let override { return [override] }
        return (0..<UInt64(runCount)).map { SeededRandom.mix((base ^ salt) &+ $0) }
    }

    /// `0x…`, the spelling failures print and ``override`` reads.
    static func hex(_ seed: UInt64) -> String {
        "0x" + String(seed, radix: 16)
    }
}
