import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Issue 14, item 5: files are stamped with the OS major version and the app's SDK, and
/// skeleton layouts have an age limit.
@Suite struct SystemStampTests {
    let context = LayoutContext(width: 375, displayScale: 3)
    let ios18 = SystemStamp(osMajorVersion: 18, sdkName: "iphoneos18.4")
    let ios26 = SystemStamp(osMajorVersion: 26, sdkName: "iphoneos18.4")
    let sdk26 = SystemStamp(osMajorVersion: 18, sdkName: "iphoneos26.0")

    func store(_ directory: TemporaryDirectory, _ system: SystemStamp, recorder: LogRecorder = LogRecorder()) -> PersistentHeightStore {
        PersistentHeightStore(directory: directory.url, configuration: .init(appVersion: "1", writeDelay: 3_600, system: system),
                              log: recorder.log())
    }

    @Test func theStampIsTheMajorVersionAndTheSDKName() {
        let version = OperatingSystemVersion(majorVersion: 26, minorVersion: 1, patchVersion: 2)
        #expect(SystemStamp(operatingSystemVersion: version, infoDictionary: ["DTSDKName": "iphoneos26.1"])
                == SystemStamp(osMajorVersion: 26, sdkName: "iphoneos26.1"))
        #expect(SystemStamp(operatingSystemVersion: version, infoDictionary: nil).sdkName == "")
        #expect(SystemStamp(operatingSystemVersion: version, infoDictionary: ["DTSDKName": 26]).sdkName == "", "not a string")
        #expect(SystemStamp(osMajorVersion: -1, sdkName: "x").osMajorVersion == 0)
        #expect(SystemStamp(osMajorVersion: 26, sdkName: "").description == "OS 26, SDK unknown")
        #expect(SystemStamp.current == SystemStamp.current)
        #expect(PersistentHeightStore.Configuration(appVersion: "1").system == .current)
    }

    @Test(arguments: [(18, "iphoneos18.4", 26, "iphoneos18.4"), (18, "iphoneos18.4", 18, "iphoneos26.0")])
    func heightsWrittenUnderAnotherSystemAreDiscarded(before: Int, beforeSDK: String, after: Int, afterSDK: String) {
        let directory = TemporaryDirectory()
        let first = store(directory, SystemStamp(osMajorVersion: before, sdkName: beforeSDK))
        first.open(namespace: "feed", contentVersion: "1")
        first.record(80, forKey: .int(1), namespace: "feed", context: context)
        first.flush()
        first.waitUntilIdle()

        let recorder = LogRecorder()
        let updated = store(directory, SystemStamp(osMajorVersion: after, sdkName: afterSDK), recorder: recorder)
        let box = ReportBox()
        updated.open(namespace: "feed", contentVersion: "1", context: context) { box.report = $0 }
        updated.waitUntilIdle()
        #expect(box.report == .init(heights: 0, files: 1, discarded: 1))
        #expect(updated.height(forKey: .int(1), namespace: "feed", context: context) == nil)
        #expect(directory.fileNames.isEmpty)
        #expect(recorder.problems.first?.contains("stale (written under OS \(before), SDK \(beforeSDK)") == true)

        // The same system reads its own files.
        let same = store(directory, SystemStamp(osMajorVersion: after, sdkName: afterSDK))
        same.open(namespace: "feed", contentVersion: "1")
        same.record(81, forKey: .int(1), namespace: "feed", context: context)
        same.flush()
        same.waitUntilIdle()
        let again = store(directory, SystemStamp(osMajorVersion: after, sdkName: afterSDK))
        again.open(namespace: "feed", contentVersion: "1", context: context)
        again.waitUntilIdle()
        #expect(again.height(forKey: .int(1), namespace: "feed", context: context) == 81)
    }

    @Test func aHeightFileOfAnOlderFormatIsRemovedByExpiryEvenWhenNoContextReadsIt() throws {
        let directory = TemporaryDirectory()
        let first = store(directory, ios18)
        first.open(namespace: "feed", contentVersion: "1")
        first.record(80, forKey: .int(1), namespace: "feed", context: context)
        first.flush()
        first.waitUntilIdle()
        let url = try #require(directory.files.first)
        var bytes = try Data(contentsOf: url)
        bytes[4] = 2
        try bytes.write(to: url)
        let other = directory.url.appendingPathComponent("\(StableHash.name("feed"))-\(StableHash.name("x")).heights")
        try Data("TLCH".utf8 + [HeightFile.envelope.version] + [0, 0]).write(to: other)

        let later = store(directory, ios18)
        let removed = RemovedBox()
        later.removeExpired { removed.count = $0 }
        later.waitUntilIdle()
        #expect(removed.count == 1, "the format 2 file goes; a current one, even damaged, waits for its read")
        #expect(directory.fileNames == [other.lastPathComponent])
    }

    // MARK: Skeleton layouts

    func cache(_ directory: TemporaryDirectory, _ system: SystemStamp, clock: Clock = Clock(), maximumAge: TimeInterval = 3_600,
               recorder: LogRecorder = LogRecorder()) -> SkeletonLayoutCache {
        SkeletonLayoutCache(directory: directory.url, appVersion: "1", isEnabled: true, log: recorder.log(tracing: true),
                            maximumAge: maximumAge, system: system, now: { clock.now })
    }

    @Test func skeletonLayoutsMappedUnderAnotherSystemAreMappedAgain() {
        let directory = TemporaryDirectory()
        let first = cache(directory, ios18)
        first.store(CacheFixture.layout(), for: CacheFixture.key())
        first.waitUntilIdle()
        #expect(cache(directory, ios18).layout(for: CacheFixture.key()) == CacheFixture.layout())

        let recorder = LogRecorder()
        for updated in [ios26, sdk26] {
            let reader = cache(directory, updated, recorder: recorder)
            #expect(reader.layout(for: CacheFixture.key()) == nil, "\(updated)")
            reader.waitUntilIdle()
        }
        #expect(!CacheFixture.exists(CacheFixture.layoutFile(directory, CacheFixture.key())))
        #expect(recorder.lines.contains { $0.contains("mapped under OS 18, SDK iphoneos18.4, now OS 26") })
        #expect(recorder.problems.isEmpty, "stale is not damaged")
    }

    @Test func skeletonLayoutsOlderThanTheAgeLimitAreMappedAgain() {
        let directory = TemporaryDirectory()
        let clock = Clock()
        let first = cache(directory, ios26, clock: clock)
        first.store(CacheFixture.layout(), for: CacheFixture.key())
        first.waitUntilIdle()
        clock.now += 3_599
        #expect(cache(directory, ios26, clock: clock).layout(for: CacheFixture.key()) != nil, "within the limit")
        clock.now += 2
        let late = cache(directory, ios26, clock: clock)
        #expect(late.layout(for: CacheFixture.key()) == nil)
        late.waitUntilIdle()
        #expect(!CacheFixture.exists(CacheFixture.layoutFile(directory, CacheFixture.key())))
        #expect(SkeletonLayoutCache(directory: nil, appVersion: "1").maximumAge == SkeletonLayoutCache.defaultMaximumAge)
        #expect(SkeletonLayoutCache(directory: nil, appVersion: "1", maximumAge: -1).maximumAge == SkeletonLayoutCache.defaultMaximumAge)
    }

    @Test func removeExpiredSweepsStaleLayoutsNoReadMeetsAndTheirCounts() {
        let directory = TemporaryDirectory()
        let clock = Clock()
        let first = cache(directory, ios26, clock: clock)
        for name in ["Old", "Kept"] {
            first.store(CacheFixture.layout(), for: CacheFixture.key(name))
            first.recordLoad(for: CacheFixture.key(name))
        }
        first.waitUntilIdle()
        clock.now += 1_800
        let second = cache(directory, ios26, clock: clock)
        second.store(CacheFixture.layout(1), for: CacheFixture.key("Kept"))
        second.waitUntilIdle()
        clock.now += 1_801

        let third = cache(directory, ios26, clock: clock)
        let removed = RemovedBox()
        third.removeExpired { removed.count = $0 }
        third.waitUntilIdle()
        #expect(removed.count == 2, "the old layout and its count")
        #expect(!CacheFixture.exists(CacheFixture.layoutFile(directory, CacheFixture.key("Old"))))
        #expect(!CacheFixture.exists(CacheFixture.countFile(directory, CacheFixture.key("Old"))))
        #expect(CacheFixture.exists(CacheFixture.layoutFile(directory, CacheFixture.key("Kept"))))
        #expect(CacheFixture.exists(CacheFixture.countFile(directory, CacheFixture.key("Kept"))))
    }

    @Test func aFormatTwoSkeletonFileIsDiscardedCleanly() throws {
        struct FormatTwo: Codable {
            var format = 2
            var appVersion = "1"
            var key: StoredSkeletonLayoutKey
            var layout: SkeletonLayout
        }
        let directory = TemporaryDirectory()
        _ = try CacheFixture.writtenLayoutFile(directory)  // creates the folders
        let envelope = FileEnvelope(magic: Array("TLCS".utf8), version: 2, kind: "skeleton layout file")
        let old = try SkeletonLayoutCache.encodeFile(FormatTwo(key: StoredSkeletonLayoutKey(CacheFixture.key()), layout: CacheFixture.layout()),
                                                     in: envelope)
        try old.write(to: CacheFixture.layoutFile(directory, CacheFixture.key()))
        let recorder = LogRecorder()
        let reader = cache(directory, ios26, recorder: recorder)
        #expect(reader.layout(for: CacheFixture.key()) == nil)
        reader.waitUntilIdle()
        #expect(!CacheFixture.exists(CacheFixture.layoutFile(directory, CacheFixture.key())))
        #expect(recorder.problems.isEmpty)
        #expect(recorder.lines.contains { $0.contains("file format 2") })
    }
}
