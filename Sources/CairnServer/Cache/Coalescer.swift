import Synchronization

/// Request coalescing: while a value for a key is being made, everyone else asking for that key
/// waits for the same work instead of starting their own (no thundering herd on a cold tile).
/// The work is cancelled when every caller waiting for it is (a shutdown past its grace period,
/// clients that all went away), and not before.
final class Coalescer<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Work {
        let task: Task<Value, any Error>
        var waiters: Int
    }

    private let inFlight = Mutex([Key: Work]())

    /// The value for `key`: made by `make` unless someone is already making it. `joined` is true
    /// for callers that waited on someone else's work.
    func value(for key: Key, make: @escaping @Sendable () async throws -> Value) async throws -> (value: Value, joined: Bool) {
        let (task, joined) = inFlight.withLock { works -> (Task<Value, any Error>, Bool) in
            if var existing = works[key] {
                existing.waiters += 1
                works[key] = existing
                return (existing.task, true)
            }
            let task = Task { try await make() }
            works[key] = Work(task: task, waiters: 1)
            return (task, false)
        }
        // Each caller leaves once: when it is cancelled or when it has its value, whichever is first.
        let once = Once()
        let leave = { @Sendable () -> Bool in
            guard once.first() else { return false }
            return self.inFlight.withLock { works -> Bool in
                guard var work = works[key], work.task == task else { return false }
                work.waiters -= 1
                works[key] = work.waiters == 0 ? nil : work
                return work.waiters == 0
            }
        }
        defer { _ = leave() }
        let value = try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            if leave() { task.cancel() }
        }
        return (value, joined)
    }

    /// Keys being made right now.
    var count: Int { inFlight.withLock { $0.count } }
}

/// True the first time ``first()`` is asked, false after.
private final class Once: Sendable {
    private let used = Mutex(false)
    func first() -> Bool { used.withLock { used in defer { used = true }; return !used } }
}
