import Foundation
import Tiles

/// Work that would hold a thread for long (walking the cache, purging thousands of files, reading
/// and indexing a dataset, decoding the rows a database streams) on a thread of its own, so that it
/// holds neither the event loops nor Swift's cooperative pool that answers the requests: the
/// caller's task is suspended, not its thread.
enum Offload {
    /// Runs the blocking `body` on a new thread.
    static func run<T: Sendable, Failure: Error>(_ body: @escaping @Sendable () throws(Failure) -> T) async throws(Failure) -> T {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, Failure>, Never>) in
            NamedThread.start("cairn-offload") { continuation.resume(returning: Result { () throws(Failure) in try body() }) }
        }
        return try result.get()
    }

    /// Runs the asynchronous `body` with a new thread as its task executor: what it does between
    /// its suspensions (and what its child tasks do) runs on that thread; while it waits (for the
    /// next rows from the network), no thread is held.
    static func run<T: Sendable, Failure: Error>(_ body: @Sendable () async throws(Failure) -> T) async throws(Failure) -> T {
        let thread = OffloadThread()
        defer { thread.finish() }
        return try await withTaskExecutorPreference(thread, operation: body)
    }
}

/// A thread that runs the jobs of the tasks preferring it as their executor, one at a time, until
/// it is finished; a job that comes after that (an unstructured task started inside, resuming late)
/// goes to the global executor.
private final class OffloadThread: TaskExecutor, @unchecked Sendable {
    /// Guards `jobs` and `finished`, and wakes the thread.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finished = false

    init() {
        NamedThread.start("cairn-offload") { [self] in runJobs() }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        condition.lock()
        if finished {
            condition.unlock()
            globalConcurrentExecutor.enqueue(job)
            return
        }
        jobs.append(UnownedJob(job))
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread end once it has run the jobs it has.
    func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    private func runJobs() {
        while true {
            condition.lock()
            while jobs.isEmpty, !finished { condition.wait() }
            let batch = jobs
            jobs = []
            condition.unlock()
            if batch.isEmpty { return }
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }
}
