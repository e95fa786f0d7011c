import Foundation

/// The clock a ``LogOutput``'s writer waits on for a batch's flush time: the system's
/// (``SystemLogClock``), or one a test advances by hand.
protocol LogClock: Sendable {
    /// Now, on this clock.
    var now: ContinuousClock.Instant { get }
    /// Waits on `condition` (which the caller has locked) until it is signalled or this clock
    /// reaches `deadline`, whichever comes first; it may also return early, as `NSCondition.wait` does.
    func wait(on condition: NSCondition, until deadline: ContinuousClock.Instant)
}

/// The system's continuous clock.
struct SystemLogClock: LogClock {
    var now: ContinuousClock.Instant { .now }

    func wait(on condition: NSCondition, until deadline: ContinuousClock.Instant) {
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { return }
        let (seconds, attoseconds) = remaining.components
        _ = condition.wait(until: Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18))
    }
}
