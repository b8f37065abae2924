// swift-tools-version: 6.0
import PackageDescription
import Foundation

// The engine's invariants (`*+Invariants.swift`) are checked after every mutation
// when this flag is set. CI sets it; it costs time on every update, so release
// builds of apps never see it.
let internalChecks: [SwiftSetting] =
    ProcessInfo.processInfo.environment["TEMPLATE_LAYOUT_INTERNAL_CHECKS"] == nil
    ? [] : [.define("TEMPLATE_LAYOUT_INTERNAL_CHECKS")]

let package = Package(
    name: "TemplateLayoutCell",
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13)],
    products: [
        // What apps import: the UIKit layer, re-exporting the engine.
        .library(name: "TemplateLayoutCell", targets: ["TemplateLayoutCell"]),
        // The platform-neutral engine alone, for tools and tests on any platform.
        .library(name: "TemplateLayoutEngine", targets: ["TemplateLayoutEngine"]),
    ],
    targets: [
        .target(
            name: "TemplateLayoutEngine",
            swiftSettings: internalChecks
        ),
        .target(
            name: "TemplateLayoutCell",
            dependencies: ["TemplateLayoutEngine"]
        ),
        .testTarget(
            name: "TemplateLayoutEngineTests",
            dependencies: ["TemplateLayoutEngine"],
            swiftSettings: internalChecks
        ),
    ],
    swiftLanguageModes: [.v6]
)
