import Foundation
import Synchronization
import Testing
import Tiles

@Suite struct WorkerPoolTests {
    @Test func runsOnAtMostItsThreadsAndReturnsResultsAndErrors() async throws {
        let pool = WorkerPool(threads: 3)
        defer { pool.shutdown() }
        let load = Load()
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for value in 0..<40 {
                group.addTask {
                    try await pool.run {
                        load.enter()
                        usleep(2_000)
                        load.leave()
                        return value * 2
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.sorted() == (0..<40).map { $0 * 2 })
        #expect(load.state.withLock { $0.peak } == 3)
        struct Boom: Error {}
        await #expect(throws: Boom.self) { try await pool.run { throw Boom() } }
    }
}

/// How many items run at once, and the most that ever did.
private final class Load: Sendable {
    let state = Mutex((running: 0, peak: 0))
    func enter() { state.withLock { $0.running += 1; $0.peak = max($0.peak, $0.running) } }
    func leave() { state.withLock { $0.running -= 1 } }
}
