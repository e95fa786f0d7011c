import Dispatch
import Foundation
import Synchronization

/// Cairn's one way to run work in parallel: call a closure for every index of `0..<count` at once
/// and gather what it returns, in index order, as a single thread would.
///
/// - ``map(_:_:)`` is for work that computes (the clustering index's passes, a cache purge's
///   directories): Dispatch's `concurrentPerform`, as many at a time as there are cores, on threads
///   that are already running.
/// - ``map(_:threads:_:)`` is for work that waits (files, sockets, other processes) or that must
///   really run side by side: `threads` threads of their own, each taking the next index left.
public enum ParallelRuns {
    /// Calls `body` for every index in `0..<count`, as many at a time as there are cores; the
    /// results in index order. Each call should touch only its own data (or its own range of a
    /// shared buffer, see ``share(_:of:in:)``), so the result is the one a single thread gets.
    @inlinable
    public static func map<Result>(_ count: Int, _ body: (Int) -> Result) -> [Result] {
        guard count > 1 else { return (0..<count).map(body) }
        let slots = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer { slots.deinitialize().deallocate() }
        nonisolated(unsafe) let shared = slots
        withoutActuallyEscaping(body) { body in
            nonisolated(unsafe) let body = body
            DispatchQueue.concurrentPerform(iterations: count) { index in shared[index] = body(index) }
        }
        return slots.map { $0! }
    }

    /// Calls `body` for every index in `0..<count` on `threads` threads of its own (at least one, at
    /// most `count`), each taking the next index left until none is; returns when all are done,
    /// with the results in index order.
    public static func map<Result: Sendable>(_ count: Int, threads: Int,
                                             _ body: @Sendable (Int) -> Result) -> [Result] {
        guard count > 0 else { return [] }
        let state = Mutex((next: 0, results: [Result?](repeating: nil, count: count)))
        withoutActuallyEscaping(body) { body in
            let done = DispatchGroup()
            for _ in 0..<max(1, min(threads, count)) {
                // A `Thread` keeps its block until it is freed, which can be after `done.wait()`
                // returns; the block holds `body` through a handle the thread empties when done.
                let handle = Handle(body)
                done.enter()
                Thread {
                    while let body = handle.body {
                        let index = state.withLock { state in
                            defer { state.next += 1 }
                            return state.next
                        }
                        guard index < count else { break }
                        let result = body(index)
                        state.withLock { $0.results[index] = result }
                    }
                    handle.body = nil
                    done.leave()
                }.start()
            }
            done.wait()
        }
        return state.withLock { $0.results.map { $0! } }
    }

    /// A thread's reference to the body, dropped when the thread is done with it.
    private final class Handle<Result>: @unchecked Sendable {
        var body: (@Sendable (Int) -> Result)?
        init(_ body: @escaping @Sendable (Int) -> Result) { self.body = body }
    }

    /// The share of part `part` of `parts` in `0..<count`: the parts cover it in order, their
    /// sizes within one of each other.
    @inlinable @inline(__always)
    public static func share(_ part: Int, of parts: Int, in count: Int) -> Range<Int> {
        (count * part / parts)..<(count * (part + 1) / parts)
    }

    /// The number of cores this process may run on: the default number of jobs.
    public static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }
}
