import Foundation
import Testing

/// Issue item 8 (review C2): App Store Connect refuses an app whose binary uses a "required
/// reason" API that no privacy manifest declares (ITMS-91053). The engine ships
/// `PrivacyInfo.xcprivacy`; this scans every Swift file under `Sources/` for the APIs of
/// Apple's categories and fails when a category is used and not declared.
@Suite struct PrivacyManifestTests {
    /// The package's root: three levels above this file (Tests/TemplateLayoutEngineTests/).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let manifest = root.appendingPathComponent("Sources/TemplateLayoutEngine/PrivacyInfo.xcprivacy")

    /// Apple's required-reason categories and what in Swift source uses them
    /// (developer.apple.com, "Describing use of required reason API"), as regular expressions.
    static let categories: [String: [String]] = [
        "NSPrivacyAccessedAPICategoryFileTimestamp": [
            #"\bcontentModificationDate(Key)?\b"#, #"\bcreationDate(Key)?\b"#, #"\bmodificationDate\b"#,
            #"\bfileModificationDate\b"#, #"\bcontentAccessDate(Key)?\b"#, #"\battributeModificationDate(Key)?\b"#,
            #"\baddedToDirectoryDate(Key)?\b"#, #"\battributesOfItem\b"#, #"\b[fl]?stat(at)?\s*\("#,
            #"\bst_[amc]time"#, #"\b[f]?getattrlist(at|bulk)?\b"#,
        ],
        "NSPrivacyAccessedAPICategorySystemBootTime": [
            #"\bsystemUptime\b"#, #"\bmach_absolute_time\b"#, #"kern\.boottime"#,
        ],
        "NSPrivacyAccessedAPICategoryDiskSpace": [
            #"\bvolumeAvailableCapacity(ForImportantUsage|ForOpportunisticUsage)?(Key)?\b"#, #"\bvolumeTotalCapacity(Key)?\b"#,
            #"\bsystemFreeSize\b"#, #"\bsystemSize\b"#, #"\b[f]?statv?fs\b"#, #"\battributesOfFileSystem\b"#,
        ],
        "NSPrivacyAccessedAPICategoryActiveKeyboards": [#"\bactiveInputModes\b"#],
        "NSPrivacyAccessedAPICategoryUserDefaults": [#"\b(NS)?UserDefaults\b"#, #"@AppStorage\b"#],
    ]

    /// The manifest, parsed.
    static func manifestContents() throws -> [String: Any] {
        let data = try Data(contentsOf: manifest)
        return try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    }

    /// The code of a Swift file without its comments (whole-line and trailing `//` ones),
    /// so a comment naming an API does not count.
    static func code(of file: URL) throws -> String {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map { line in
            if line.drop(while: \.isWhitespace).hasPrefix("//") { return "" }
            if let comment = line.range(of: " // ") { return String(line[..<comment.lowerBound]) }
            return String(line)
        }.joined(separator: "\n")
    }

    /// The categories `Sources/` uses, each with where.
    static func usedCategories() throws -> [String: [String]] {
        let sources = root.appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var used: [String: [String]] = [:]
        for case let file as URL in enumerator where file.pathExtension == "swift" {
            let code = try code(of: file)
            for (category, patterns) in categories {
                for pattern in patterns where code.range(of: pattern, options: .regularExpression) != nil {
                    used[category, default: []].append("\(file.path.dropFirst(root.path.count + 1)) (\(pattern))")
                }
            }
        }
        return used
    }

    @Test func everyRequiredReasonCategoryTheSourcesUseIsDeclared() throws {
        let declared = try Self.manifestContents()["NSPrivacyAccessedAPITypes"] as? [[String: Any]] ?? []
        var reasons: [String: [String]] = [:]
        for entry in declared {
            let type = try #require(entry["NSPrivacyAccessedAPIType"] as? String)
            reasons[type] = entry["NSPrivacyAccessedAPITypeReasons"] as? [String] ?? []
        }
        let used = try Self.usedCategories()
        for (category, places) in used.sorted(by: { $0.key < $1.key }) {
            #expect(reasons[category]?.isEmpty == false,
                    "\(category) is used but not declared in PrivacyInfo.xcprivacy: \(places.joined(separator: ", "))")
        }
        // The scan finds what is there: the caches' expiry reads modification dates.
        #expect(used["NSPrivacyAccessedAPICategoryFileTimestamp"] != nil)
        // Files inside the app's container, the only ones the package touches.
        #expect(reasons["NSPrivacyAccessedAPICategoryFileTimestamp"] == ["C617.1"])
    }

    @Test func theManifestDeclaresNoTrackingAndNoCollectedData() throws {
        let contents = try Self.manifestContents()
        #expect(contents["NSPrivacyTracking"] as? Bool == false)
        #expect((contents["NSPrivacyTrackingDomains"] as? [Any])?.isEmpty == true)
        #expect((contents["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true)
        // Shipped with the engine: a resource of its target.
        let package = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(package.contains(#"resources: [.copy("PrivacyInfo.xcprivacy")]"#))
    }
}
