import Synchronization

/// Request coalescing: while a value for a key is being made, everyone else asking for that key
/// waits for the same work instead of starting their own (no thundering herd on a cold tile).
final class Coalescer<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let inFlight = Mutex([Key: Task<Value, any Error>]())

    /// The value for `key`: made by `make` unless someone is already making it. `joined` is true
    /// for callers that waited on someone else's work.
    func value(for key: Key, make: @escaping @Sendable () async throws -> Value) async throws -> (value: Value, joined: Bool) {
        let (task, joined) = inFlight.withLock { tasks -> (Task<Value, any Error>, Bool) in
            if let existing = tasks[key] { return (existing, true) }
            let task = Task { try await make() }
            tasks[key] = task
            return (task, false)
        }
        if !joined {
            // The maker removes the entry once the work is done, whatever its outcome.
            defer { _ = inFlight.withLock { $0.removeValue(forKey: key) } }
            return (try await task.value, false)
        }
        return (try await task.value, true)
    }

    /// Keys being made right now.
    var count: Int { inFlight.withLock { $0.count } }
}
