import Foundation

/// The server's time: the time of day it reads for HTTP freshness (when a stored tile was stored,
/// when it goes stale, when a dataset was loaded) and the waits of its schedules (a dataset's
/// `refresh`, the listening connection's reconnection backoff). The system's clock when serving;
/// tests give the server a clock they move forward, so a tile goes stale or a refresh comes due
/// without a test waiting for it.
public protocol WallClock: Sendable {
    /// Seconds since 1970.
    func now() -> Double

    /// Returns once `duration` has passed on this clock; throws `CancellationError` when the task
    /// is cancelled first.
    func sleep(for duration: Duration) async throws
}

/// The system's time of day, and `Task.sleep` for the waits.
public struct SystemWallClock: WallClock {
    public init() {}

    public func now() -> Double { Date().timeIntervalSince1970 }

    public func sleep(for duration: Duration) async throws { try await Task.sleep(for: duration) }
}
