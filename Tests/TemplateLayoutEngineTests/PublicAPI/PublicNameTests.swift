import Foundation
import Testing

/// Issue 17, item 1: every public type name is re-exported into app files that also import
/// SwiftUI, UIKit, Combine, Observation and Foundation; a name one of them declares too stops
/// such a file from compiling. The package exported `ContentSizeCategory` and
/// `LegibilityWeight`, both SwiftUI's.
///
/// The names are read from the listings CI keeps in step with the build (PublicAPI/*.txt,
/// `.ci/public-api`), so a new public type fails here until it is added below, after
/// `.ci/apple-name-clash` has checked it against the iOS SDK's Swift frameworks.
@Suite struct PublicNameTests {
    /// The top-level public types, each checked with `.ci/apple-name-clash` (iOS SDK 17.4).
    static let checked: Set<String> = [
        "BatchFetchContext", "CacheStatistics", "CachedSizeCollectionViewCell", "CachedSizeCollectionViewListCell",
        "CollectionSkeletonConfiguration", "CollectionSkeletonSection", "DebugLog", "DebugLogSink", "FDIndexPathHeightCache", "FDKeyedHeightCache",
        "HeightCacheKey", "HeightPersistence", "IndexPathHeightCache", "KeyedHeightCache", "LayoutContext",
        "PersistentHeightStore", "PersistentKey", "SectionElement", "SkeletonAppearance", "SkeletonCacheStatistics",
        "SkeletonColor", "SkeletonConfiguration", "SkeletonLayout", "SkeletonLayoutCache", "SkeletonLayoutDirection",
        "SkeletonLayoutKey", "SkeletonPart", "SkeletonSection", "SystemStamp", "TableHeightCache", "TableHeightStatistics",
        "TableUpdate",
    ]

    /// Names Apple's frameworks declare at top level that a package like this one could
    /// plausibly pick, from Apple's documentation, newer SDKs included (iOS 26's SwiftUI):
    /// a second line of defence where no SDK is at hand.
    static let apples: Set<String> = [
        // SwiftUI
        "ContentSizeCategory", "LegibilityWeight", "DynamicTypeSize", "Layout", "LayoutSubview", "LayoutSubviews",
        "LayoutProperties", "LayoutDirection", "ProposedViewSize", "TableStyle", "Table", "TableColumn", "Section",
        "List", "ListStyle", "ScrollView", "ScrollPosition", "ScrollGeometry", "ScrollPhase", "Text", "Font", "Color",
        "Edge", "Alignment", "Axis", "Animation", "Transaction", "Environment", "EnvironmentValues", "State", "Binding",
        "Namespace", "ViewBuilder", "Redacted", "RedactionReasons", "AnyLayout", "Gradient", "ShapeStyle",
        // Combine, Observation
        "Published", "Publisher", "Subscriber", "Cancellable", "AnyCancellable", "Scheduler", "Observable",
        "ObservationRegistrar", "ObservationTracking",
        // Foundation
        "Date", "Data", "URL", "IndexPath", "IndexSet", "Notification", "Locale", "Calendar", "Measurement", "Unit",
        "Progress", "Bundle", "Operation", "Thread", "Timer", "RunLoop", "Predicate", "AttributedString", "FormatStyle",
        "SortDescriptor", "Expression", "PropertyListEncoder", "JSONEncoder", "FileManager", "Cache",
    ]

    static func publicTypeNames() throws -> Set<String> {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        // Top-level declarations are the unindented lines: attributes, then the kind, then the name.
        let kinds: Set<Substring> = ["struct", "enum", "class", "protocol", "actor", "typealias"]
        var names: Set<String> = []
        for module in ["TemplateLayoutEngine", "TemplateLayoutCell"] {
            let listing = try String(contentsOf: root.appendingPathComponent("PublicAPI/\(module).txt"), encoding: .utf8)
            for line in listing.split(separator: "\n") where line.first?.isWhitespace == false {
                let words = line.split(separator: " ").drop { $0.hasPrefix("@") || $0 == "final" }
                guard let kind = words.first, kinds.contains(kind), let name = words.dropFirst().first else { continue }
                names.insert(String(name.prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
            }
        }
        return names
    }

    @Test func everyPublicTypeNameWasCheckedAgainstApplesFrameworks() throws {
        let names = try Self.publicTypeNames()
        #expect(names.count > 20, "the listings were read")
        #expect(names.subtracting(Self.checked).isEmpty, "new public types: check them with .ci/apple-name-clash, then list them here")
        #expect(Self.checked.subtracting(names).isEmpty, "no longer public: remove them here")
    }

    @Test func noPublicTypeNameIsOneOfApples() throws {
        #expect(try Self.publicTypeNames().intersection(Self.apples).isEmpty)
    }
}
