import Foundation
import Logging
import Synchronization
import Testing
@testable import CairnServer

/// Stores into the disk cache that race each other or a clear: each lands whole, and none is
/// counted as a failed store. A directory is missing when it is new (several stores may want it at
/// once) or when a clear has just renamed it away; a store makes it again and tries once more.
@Suite struct DiskCacheRaceTests {
    private let metadata = CacheMetadata(storedAt: 1, expiresAt: 2, etag: "\"e\"")

    @Test func storesRacingIntoANewDirectoryAllLand() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let failures = Count()
        let cache = try DiskCache(root: root, capacity: 1 << 30, failures: failures.reporter)
        let notStored = Count()
        // Rounds of stores released at once into a directory none of them finds.
        for round in 0..<200 {
            let keys = (0..<4).map { "world/9/\(round)/\($0).png" }
            together(keys.count) { [metadata] index in
                if !cache.store(keys[index], bytes: [UInt8(index)], metadata: metadata) { notStored.add() }
            }
            for (index, key) in keys.enumerated() {
                #expect(FileManager.default.contents(atPath: root + "/" + key) == Data([UInt8(index)]), "\(key)")
            }
        }
        #expect(notStored.value == 0)
        #expect(failures.value == 0)
    }

    @Test func storesDuringAClearAllLandAndTheClearLeavesOnlyThem() throws {
        // Tiles large enough that the clear mostly lands while one is being written.
        let tile = [UInt8](repeating: 7, count: 256 << 10)
        for round in 0..<10 {
            let root = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: root) }
            let failures = Count()
            let cache = try DiskCache(root: root, capacity: 1 << 30, failures: failures.reporter)
            // Entries from before, in the directory the clear renames away.
            for x in 0..<4 { for y in 0..<4 { cache.store("world/3/\(x)/\(y).png", bytes: [1], metadata: metadata) } }
            let storing = Count(), cleared = Count(), notStored = Count()
            let storedAfterTheClear = Keys()
            together(3) { [metadata] worker in
                if worker == 0 {
                    while storing.value < 4 {}
                    _ = CacheDirectory(root: root, layout: cache.layout, capacity: cache.capacity).clear()
                    cleared.add()
                    return
                }
                // Each store into a new column directory, until a few after the clear.
                var column = 0, afterwards = 0
                while afterwards < 4 {
                    let began = cleared.value > 0
                    let key = "world/\(4 + worker)/\(column)/0.png"
                    storing.add()
                    if !cache.store(key, bytes: tile, metadata: metadata) { notStored.add() }
                    if began { storedAfterTheClear.insert(key); afterwards += 1 }
                    column += 1
                }
            }
            #expect(notStored.value == 0, "round \(round)")
            #expect(failures.value == 0, "round \(round)")
            let left = Set(cacheEntries(under: root).keys)
            #expect(left.allSatisfy { !$0.hasPrefix("world/3/") }, "round \(round): \(left.sorted())")
            #expect(storedAfterTheClear.all.isSubset(of: left), "round \(round)")
        }
    }

    /// Runs `body` on `count` threads of their own (``concurrently(_:_:)``), released at once when
    /// all have started; returns when all are done.
    private func together(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let waiting = Count(count)
        _ = concurrently(count) { index in
            waiting.add(-1)
            while waiting.value > 0 {}
            body(index)
        }
    }

    /// A number threads share.
    private final class Count: Sendable {
        private let count: Atomic<Int>
        init(_ value: Int = 0) { count = Atomic(value) }
        var value: Int { count.load(ordering: .sequentiallyConsistent) }
        func add(_ amount: Int = 1) { count.add(amount, ordering: .sequentiallyConsistent) }
        /// A failure reporter for a disk cache that counts its failed stores here.
        var reporter: CacheWriteFailures { CacheWriteFailures(logger: Logger(label: "test")) { [self] in add() } }
    }

    /// Cache keys threads share.
    private final class Keys: Sendable {
        private let keys = Mutex(Set<String>())
        func insert(_ key: String) { keys.withLock { _ = $0.insert(key) } }
        var all: Set<String> { keys.withLock { $0 } }
    }
}
