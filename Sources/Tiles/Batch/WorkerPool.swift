import Foundation

/// A fixed set of threads for CPU work (decoding, renderer chains, encoding), so that async code
/// (a batch job's fetches, a server's event loops) never blocks on it and `--jobs N` means N cores.
/// Work waits in a FIFO queue; ``run(_:)`` suspends the caller until its item is done.
public final class WorkerPool: @unchecked Sendable {
    public let threadCount: Int
    private let condition = NSCondition()
    /// Work items: each does its work on a worker thread and gives back what then resumes its
    /// caller, called once the thread no longer counts as busy (so a caller never sees its own
    /// item among ``busy``).
    private var queue: [@Sendable () -> @Sendable () -> Void] = []
    private var head = 0
    private var running = 0
    private var stopped = false

    /// Starts `threads` worker threads (at least one).
    public init(threads: Int) {
        threadCount = max(1, threads)
        for index in 0..<threadCount {
            NamedThread.start("cairn-worker-\(index)") { self.work() }  // the threads keep the pool alive until shutdown()
        }
    }

    /// Runs `body` on a worker thread and returns its result.
    public func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            enqueue {
                let result = Result { try body() }
                return { continuation.resume(with: result) }
            }
        }
    }

    /// Runs `body` on a worker thread unless `limit` items are already waiting, in which case it
    /// throws ``Overloaded`` at once (a server sheds load with 503 instead of queueing without end).
    /// Items an idle thread is about to take are not waiting: with one thread and a limit of 2,
    /// three items handed over at once are all accepted, however late the thread wakes.
    public func run<T: Sendable>(queueLimit limit: Int, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let accepted = enqueue(limit: limit) {
                let result = Result { try body() }
                return { continuation.resume(with: result) }
            }
            if !accepted { continuation.resume(throwing: Overloaded()) }
        }
    }

    /// The queue was full.
    public struct Overloaded: Error, Sendable {}

    /// Items waiting for a thread.
    public var queued: Int {
        condition.lock(); defer { condition.unlock() }
        return queue.count - head
    }

    /// Items being worked on right now.
    public var busy: Int {
        condition.lock(); defer { condition.unlock() }
        return running
    }

    /// Lets the threads finish the queue and exit; call it when the pool is no longer needed.
    public func shutdown() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    @discardableResult
    private func enqueue(limit: Int = .max, _ item: @escaping @Sendable () -> @Sendable () -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        // Waiting: the items not yet taken, beyond those the idle threads will take.
        guard queue.count - head - (threadCount - running) < limit else { return false }
        queue.append(item)
        condition.signal()
        return true
    }

    private func work() {
        while true {
            condition.lock()
            while head == queue.count && !stopped { condition.wait() }
            if head == queue.count {
                condition.unlock()
                return
            }
            let item = queue[head]
            head += 1
            if head > 1024 && head * 2 > queue.count {
                queue.removeFirst(head)
                head = 0
            }
            running += 1
            condition.unlock()
            let resume = item()
            condition.lock()
            running -= 1
            condition.unlock()
            resume()
        }
    }
}
