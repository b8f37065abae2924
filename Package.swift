// swift-tools-version: 6.2
// 6.2: Xcode 26 or later, what apps build with today. No older toolchain has built this
// package (only Swift 6.3.1 has), so none is claimed; a test uses `weak let` (Swift 6.2).
import PackageDescription
import Foundation

// The engine's invariants (`*+Invariants.swift` and the `checkInvariants()` calls) are
// checked after every mutation when this environment variable is set at build time. CI
// sets it; it costs time on every update, so builds of apps never have it.
let internalChecks: [SwiftSetting] =
    ProcessInfo.processInfo.environment["TEMPLATE_LAYOUT_INTERNAL_CHECKS"] == nil
    ? [] : [.define("TEMPLATE_LAYOUT_INTERNAL_CHECKS")]

let package = Package(
    name: "TemplateLayoutCell",
    // iOS 15: the oldest deployment target Xcode 26 and 27 build for. macOS 12 (iOS 15's
    // contemporary) only so that the engine, its tests and the tools build with `swift build`
    // on a Mac; the UIKit layer is empty there. No tvOS: nothing here compiles for it.
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        // What apps import: the UIKit layer, re-exporting the engine; and for Objective-C
        // code written for the FDTemplateLayoutCell pod, its headers (FDTemplateLayoutCell).
        .library(name: "TemplateLayoutCell", targets: ["TemplateLayoutCell", "FDTemplateLayoutCell"]),
        // The platform-neutral engine alone, for tools and tests on any platform.
        .library(name: "TemplateLayoutEngine", targets: ["TemplateLayoutEngine"]),
        .executable(name: "feed-demo", targets: ["FeedDemo"]),
        .executable(name: "height-cache-bench", targets: ["HeightCacheBench"]),
    ],
    targets: [
        .target(
            name: "TemplateLayoutEngine",
            // The privacy manifest: the engine reads file modification dates (its caches'
            // expiry and bounds), a "required reason" API. Copied as is; Xcode merges it into
            // the app's privacy report. PrivacyManifestTests checks it against the sources.
            resources: [.copy("PrivacyInfo.xcprivacy")],
            swiftSettings: internalChecks
        ),
        .target(
            name: "TemplateLayoutCell",
            dependencies: ["TemplateLayoutEngine"]
        ),
        // The pod's Objective-C headers over the Swift module: its generated header cannot
        // declare `__kindof` results. Headers only; the Swift module implements everything.
        .target(
            name: "FDTemplateLayoutCell",
            dependencies: ["TemplateLayoutCell"]
        ),
        .executableTarget(
            name: "FeedDemo",
            // ReferenceTableModel for its seeded generator, the package's one;
            // PeerAlgorithms for FD's algorithm, replayed on the demo's session; ScrollSimulation
            // for issue 20's scroll session, its verdict and frame-time strips.
            dependencies: ["TemplateLayoutEngine", "ReferenceTableModel", "PeerAlgorithms", "ScrollSimulation"],
            path: "Example/FeedDemo"
        ),
        .executableTarget(
            name: "HeightCacheBench",
            dependencies: ["TemplateLayoutEngine", "ReferenceTableModel", "PeerAlgorithms", "ScrollSimulation"],
            path: "Example/HeightCacheBench"
        ),
        // Issue 20's scripted scroll session on a simulated frame clock: a library so that
        // its deterministic rules have Linux tests; the benchmark prints its table.
        .target(
            name: "ScrollSimulation",
            dependencies: ["TemplateLayoutEngine", "ReferenceTableModel", "PeerAlgorithms"],
            path: "Example/ScrollSimulation"
        ),
        // FDTemplateLayoutCell's index-path cache algorithm, re-implemented, which the
        // benchmark times and the demo replays: once, for both (no product: no app sees it). Not
        // in ReferenceTableModel, which is the truth the tests check against; this is a
        // contender that serves wrong heights by design.
        .target(
            name: "PeerAlgorithms",
            dependencies: ["TemplateLayoutEngine"],
            path: "Example/PeerAlgorithms"
        ),
        // The iOS example app's code (an Xcode project in Example/iOS opens it on a Mac).
        // A library target so that ios-build compiles it here; every file is
        // `#if canImport(UIKit)`, so on Linux it is empty.
        .target(
            name: "TemplateLayoutCellExample",
            dependencies: ["TemplateLayoutCell"],
            path: "Example/iOS/Sources"
        ),
        // A table of items with identity, updated by UIKit's rules, written apart from
        // the engine: the truth the model-based test and the benchmark check against.
        .target(
            name: "ReferenceTableModel",
            dependencies: ["TemplateLayoutEngine"],
            path: "Tests/ReferenceTableModel"
        ),
        // UIKit behaviour against real tables: type-checked on Linux by ios-build, run in
        // Xcode. On Linux every file is empty (`#if canImport(UIKit)`).
        .testTarget(
            name: "TemplateLayoutCellTests",
            dependencies: ["TemplateLayoutCell", "FDTemplateLayoutCell"]
        ),
        .testTarget(
            name: "TemplateLayoutEngineTests",
            dependencies: ["TemplateLayoutEngine", "ReferenceTableModel"],
            swiftSettings: internalChecks
        ),
        .testTarget(
            name: "ScrollSimulationTests",
            dependencies: ["ScrollSimulation", "TemplateLayoutEngine"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
