import Foundation

/// The threads the tests of the process tier run on, apart from Swift's cooperative pool.
///
/// A test that starts a process waits for it: for its exit, its output, a server's first log line,
/// an answer over a socket. Such waits block the thread they run on. On Swift's cooperative pool
/// (one thread per core: two on a 2-core machine) two such tests would hold every thread, and the
/// in-process tests waiting behind them would get none until they end. The ``Testing/Trait/process``
/// trait runs its tests here instead (as their task executor preference, which child tasks inherit),
/// so a blocking wait holds one of these threads and never one of the pool's.
public final class ProcessTierThreads: TaskExecutor, @unchecked Sendable {
    /// The tier's threads: as many as there are cores, at least two, the process tests' concurrency
    /// when they shared the cooperative pool.
    public static let shared = ProcessTierThreads(count: max(2, ProcessInfo.processInfo.activeProcessorCount))

    /// Guards `jobs`; signalled when one is added.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init(count: Int) {
        for index in 0..<count {
            // Named from the thread itself: on Linux a name given before the start is not the thread's.
            Thread { [self] in
                Thread.current.name = "process-tier-\(index)"
                runJobs()
            }.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs the jobs in the order they came, for as long as the test runner lives.
    private func runJobs() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
