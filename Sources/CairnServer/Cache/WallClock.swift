import Foundation

/// The server's time: the time of day it reads for HTTP freshness (when a stored tile was stored,
/// when it goes stale, when a dataset was loaded), the waits of its schedules (a dataset's
/// `refresh`, the listening connection's reconnection backoff) and the waits of its own threads
/// (the log's writer waiting for a batch's flush time). The system's clock when serving; tests
/// give the server a clock they move forward, so a tile goes stale, a refresh comes due or a log
/// line's flush time comes without a test waiting for it.
public protocol WallClock: Sendable {
    /// Seconds since 1970.
    func now() -> Double

    /// Returns once `duration` has passed on this clock; throws `CancellationError` when the task
    /// is cancelled first.
    func sleep(for duration: Duration) async throws

    /// Blocks the calling thread (a thread of its own, never one of Swift's cooperative pool) on
    /// `condition`, which the caller has locked, until the condition is signalled or this clock
    /// reaches `deadline` (seconds since 1970), whichever comes first; it may also return early, as
    /// `NSCondition.wait` does.
    func wait(on condition: NSCondition, until deadline: Double)
}

/// The system's time of day, `Task.sleep` for the waits of tasks and `NSCondition`'s timed wait
/// for those of threads.
public struct SystemWallClock: WallClock {
    public init() {}

    public func now() -> Double { Date().timeIntervalSince1970 }

    public func sleep(for duration: Duration) async throws { try await Task.sleep(for: duration) }

    public func wait(on condition: NSCondition, until deadline: Double) {
        _ = condition.wait(until: Date(timeIntervalSince1970: deadline))
    }
}
