import Dispatch
import Parallel
import Synchronization
import Testing

/// ``ParallelRuns``: every index once, results in index order, and the threaded form really runs
/// its threads side by side.
@Suite struct ParallelRunsTests {
    @Test func everyIndexOnceInOrder() {
        for count in [0, 1, 2, 3, 17, 1000] {
            #expect(ParallelRuns.map(count) { $0 * $0 } == (0..<count).map { $0 * $0 }, "\(count)")
            for threads in [1, 2, 5, 64] {
                let calls = Mutex([Int: Int]())
                let results = ParallelRuns.map(count, threads: threads) { index in
                    calls.withLock { $0[index, default: 0] += 1 }
                    return "item \(index)"
                }
                #expect(results == (0..<count).map { "item \($0)" }, "\(count) on \(threads)")
                #expect(calls.withLock { $0 } == Dictionary(uniqueKeysWithValues: (0..<count).map { ($0, 1) }), "\(count) on \(threads)")
            }
        }
    }

    /// Eight items on eight threads, each waiting (at most ten seconds) for all eight to have started:
    /// they all see eight, which only threads running side by side can do, whatever the cores.
    @Test func threadsRunSideBySide() {
        let started = Mutex(0)
        let all = DispatchSemaphore(value: 0)
        let seen = ParallelRuns.map(8, threads: 8) { _ in
            if started.withLock({ $0 += 1; return $0 }) == 8 { for _ in 0..<8 { all.signal() } }
            _ = all.wait(timeout: .now() + 10)
            return started.withLock { $0 }
        }
        #expect(seen == Array(repeating: 8, count: 8))
    }

    @Test func sharesCoverTheRangeInOrder() {
        for count in [0, 1, 7, 100, 101] {
            for parts in 1...9 {
                let shares = (0..<parts).map { ParallelRuns.share($0, of: parts, in: count) }
                #expect(shares.flatMap { Array($0) } == Array(0..<count), "\(count) in \(parts)")
                #expect(shares.map(\.count).max()! - shares.map(\.count).min()! <= 1, "\(count) in \(parts)")
            }
        }
    }
}
