import Foundation
@testable import CairnServer

/// A ``LogClock`` that stands still until the test advances it: a ``LogOutput``'s writer waiting on
/// it for a batch's flush time wakes when ``advance(by:)`` reaches that time, never on its own.
final class ManualLogClock: LogClock, @unchecked Sendable {
    /// Guards `elapsed`, `conditions` and `sleeps`; wakes ``waitForSleeps(_:)``.
    private let state = NSCondition()
    private let origin = ContinuousClock.now
    private var elapsed = Duration.zero
    /// The conditions writers have waited on.
    private var conditions: [NSCondition] = []
    private var sleeps = 0

    var now: ContinuousClock.Instant {
        state.lock()
        defer { state.unlock() }
        return origin + elapsed
    }

    func wait(on condition: NSCondition, until deadline: ContinuousClock.Instant) {
        state.lock()
        guard origin + elapsed < deadline else {
            state.unlock()
            return
        }
        if !conditions.contains(where: { $0 === condition }) { conditions.append(condition) }
        sleeps += 1
        state.broadcast()
        state.unlock()
        // An advance from here on locks `condition` only once this wait has released it, so it is never missed.
        condition.wait()
    }

    /// Moves the clock on by `duration`, waking every writer waiting on it.
    func advance(by duration: Duration) {
        state.lock()
        elapsed += duration
        let waiting = conditions
        state.unlock()
        for condition in waiting {
            condition.lock()
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Waits until writers have gone to sleep on this clock `count` times in all (false after
    /// `timeout` seconds of real time: a writer that never sleeps on its clock).
    func waitForSleeps(_ count: Int, timeout: Double = 10) -> Bool {
        let limit = Date(timeIntervalSinceNow: timeout)
        state.lock()
        defer { state.unlock() }
        while sleeps < count {
            guard state.wait(until: limit) else { return sleeps >= count }
        }
        return true
    }
}
