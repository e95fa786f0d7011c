import Foundation

/// The time of day as the server reads it for HTTP freshness: when a stored tile was stored, when it
/// goes stale, how much of its lifetime is left. The system's clock when serving; tests give the
/// server a clock they move forward, so a tile goes stale without a test waiting for it.
public protocol WallClock: Sendable {
    /// Seconds since 1970.
    func now() -> Double
}

/// The system's time of day.
public struct SystemWallClock: WallClock {
    public init() {}

    public func now() -> Double { Date().timeIntervalSince1970 }
}
