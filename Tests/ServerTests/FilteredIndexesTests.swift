import Clusters
import Foundation
import Synchronization
import Testing
import Tiles
@testable import CairnServer

/// The filtered indexes of a dataset snapshot: kept within their count and byte bounds, least
/// recently used first out, built on the render workers (shed with 503 when their queue is full),
/// and a bad filter is an error that leaves nothing kept.
@Suite struct FilteredIndexesTests {
    /// 4 000 points on a grid of whole degrees, property `n` from 0.
    static let base: ClusterIndex = {
        var points = PointSet()
        for n in 0..<4000 { points.append(longitude: Double(n % 360) - 180, latitude: Double(n / 360), id: nil, properties: "{\"n\":\(n)}") }
        return try! ClusterIndex(points: points)
    }()

    static func filter(_ bound: Int) throws -> PointFilter { try PointFilter(parsing: "n < \(bound)") }

    @Test func theByteBoundKeepsOnlyWhatFits() async throws {
        let renders = RenderQueue(pool: WorkerPool(threads: 1), limit: 8)
        let one = try Self.base.filtered(by: Self.filter(1000))
        let size = one.byteCount + one.points.byteCount
        let indexes = FilteredIndexes(limits: .init(items: 32, maxBytes: size * 2 + size / 2))
        for bound in [1000, 1001, 1002] { _ = try await indexes.index(Self.filter(bound), of: Self.base, renders: renders) }
        #expect(indexes.usage.items == 2)
        #expect(indexes.usage.bytes <= size * 2 + size / 2)
        // One larger than the whole bound is served but not kept.
        let big = try await indexes.index(Self.filter(4000), of: Self.base, renders: renders)
        #expect(big.pointCount == 4000 && big.byteCount + big.points.byteCount > size * 3)
        #expect(indexes.usage.items == 2)
    }

    @Test func theLeastRecentlyUsedGoesFirst() async throws {
        let renders = RenderQueue(pool: WorkerPool(threads: 1), limit: 8)
        let built = BuildCount()
        let indexes = FilteredIndexes(limits: .init(items: 2, maxBytes: 1 << 30)) { _ in built.count.withLock { $0 += 1 } }
        for bound in [10, 20, 10, 30, 10, 20] { _ = try await indexes.index(Self.filter(bound), of: Self.base, renders: renders) }
        // 10, 20, (10 kept), 30 drops 20, (10 kept), 20 again.
        #expect(built.count.withLock { $0 } == 4)
    }

    @Test func buildsAreShedWhenTheRenderQueueIsFull() async throws {
        let pool = WorkerPool(threads: 1)
        let renders = RenderQueue(pool: pool, limit: 0)
        // The blocker waits on the pool's own thread; the test only ever waits asynchronously, so it
        // never holds one of the few threads every test shares.
        let blocker = DispatchSemaphore(value: 0)
        let started = Mutex(false)
        let busy = Task { try await renders.run { started.withLock { $0 = true }; blocker.wait() } }
        while !started.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(2)) }
        let indexes = FilteredIndexes(limits: .init())
        await #expect(throws: ServeError.overloaded) { try await indexes.index(Self.filter(5), of: Self.base, renders: renders) }
        blocker.signal()
        try await busy.value
        #expect(try await indexes.index(Self.filter(5), of: Self.base, renders: renders).pointCount == 5)
    }

    @Test func aFilterOnAnUnknownPropertyIsAnErrorAndKeepsNothing() async throws {
        let renders = RenderQueue(pool: WorkerPool(threads: 1), limit: 8)
        let indexes = FilteredIndexes(limits: .init())
        await #expect(throws: FilterError.self) { try await indexes.index(try PointFilter(parsing: "m < 5"), of: Self.base, renders: renders) }
        #expect(indexes.usage.items == 0)
    }
}

/// How many builds a test has seen.
private final class BuildCount: Sendable {
    let count = Mutex(0)
}
