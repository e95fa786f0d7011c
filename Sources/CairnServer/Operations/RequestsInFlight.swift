import Synchronization

/// The requests being answered right now, counted around every request by the observability
/// middleware, and those whose task was cancelled before they were answered (a shutdown past its
/// grace period cancels them).
final class RequestsInFlight: Sendable {
    private let running = Atomic<Int>(0)
    private let cancelledCount = Atomic<Int>(0)

    /// Requests running now.
    var count: Int { running.load(ordering: .relaxed) }

    /// Requests cut off by cancellation since the start.
    var cancelled: Int { cancelledCount.load(ordering: .relaxed) }

    /// Runs `body` counted as one request in flight.
    func counting<T>(_ body: () async throws -> T) async rethrows -> T {
        running.add(1, ordering: .relaxed)
        defer {
            running.subtract(1, ordering: .relaxed)
            if Task.isCancelled { cancelledCount.add(1, ordering: .relaxed) }
        }
        return try await body()
    }
}
