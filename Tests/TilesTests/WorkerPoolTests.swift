import Foundation
import Synchronization
import Testing
import Tiles

@Suite struct WorkerPoolTests {
    @Test func runsOnAtMostItsThreadsAndReturnsResultsAndErrors() async throws {
        let pool = WorkerPool(threads: 3)
        defer { pool.shutdown() }
        let load = Load(threads: 3)
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for value in 0..<40 {
                group.addTask {
                    try await pool.run {
                        load.enter()
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

    /// A caller resumes only once its item no longer counts as busy: a server's gauge of renders
    /// in flight, read right after a render, says 0 (it said 1 when the worker thread was slow to
    /// get back to its bookkeeping).
    @Test func aFinishedItemIsNoLongerBusyWhenItsCallerResumes() async throws {
        let pool = WorkerPool(threads: 2)
        defer { pool.shutdown() }
        for round in 0..<500 {
            _ = try await pool.run { round }
            #expect(pool.busy == 0, "round \(round)")
            _ = try await pool.run(queueLimit: 4) { round }
            #expect(pool.busy == 0, "round \(round), with a queue limit")
        }
    }

    /// A queue limit bounds the items that wait for a thread, not those an idle thread takes: with
    /// no room to wait, work is still accepted while a thread is free, and shed once none is.
    @Test func aQueueLimitCountsOnlyWhatWaitsForAThread() async throws {
        let pool = WorkerPool(threads: 2)
        defer { pool.shutdown() }
        #expect(try await pool.run(queueLimit: 0) { 7 } == 7)
        let gate = DispatchSemaphore(value: 0)
        let blockers = (0..<2).map { _ in Task { try await pool.run(queueLimit: 0) { gate.wait() } } }
        for _ in 0..<2000 where pool.busy < 2 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(pool.busy == 2)
        await #expect(throws: WorkerPool.Overloaded.self) { try await pool.run(queueLimit: 0) { 0 } }
        // Room for one to wait: it is taken when a thread frees up.
        let waiting = Task { try await pool.run(queueLimit: 1) { 9 } }
        for _ in 0..<2000 where pool.queued < 1 { try await Task.sleep(for: .milliseconds(5)) }
        await #expect(throws: WorkerPool.Overloaded.self) { try await pool.run(queueLimit: 1) { 0 } }
        gate.signal()
        gate.signal()
        for blocker in blockers { try await blocker.value }
        #expect(try await waiting.value == 9)
    }
}

/// How many items run at once, and the most that ever did.
/// Jobs running at once, and the most there were. Until `threads` have been running at once, a
/// job waits for the others to come in (at most 10 s: a pool on fewer threads fails the peak), so
/// that the pool's use of all its threads is seen, not left to how the jobs happen to interleave.
private final class Load: Sendable {
    let state = Mutex((running: 0, peak: 0))
    let threads: Int
    private let allIn = DispatchSemaphore(value: 0)

    init(threads: Int) {
        self.threads = threads
    }

    func enter() {
        let (peak, filled) = state.withLock { state -> (Int, Bool) in
            let before = state.peak
            state.running += 1
            state.peak = max(state.peak, state.running)
            return (state.peak, before < threads && state.peak >= threads)
        }
        if filled {
            for _ in 0..<threads { allIn.signal() }
        } else if peak < threads {
            _ = allIn.wait(timeout: .now() + 10)
        }
    }

    func leave() { state.withLock { $0.running -= 1 } }
}
