import Foundation
import Synchronization
@testable import CairnServer

/// A ``WallClock`` that stands still until the test moves it forward: a tile goes stale, a
/// dataset's refresh comes due, a reconnection's backoff ends, a log line's flush time comes when
/// the test says so, without the test waiting for it. A sleep on it (a task's, or a thread's wait
/// on a condition) ends when ``advance(by:)`` reaches its deadline, never on its own.
final class TestClock: WallClock {
    private struct Sleeper {
        let id: UInt64
        let deadline: Double
        let continuation: CheckedContinuation<Void, any Error>
    }

    /// A test waiting for the sleepers to reach some state.
    private struct Watcher {
        let id: UInt64
        let condition: @Sendable (State) -> Bool
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var seconds: Double
        var sleepers: [Sleeper] = []
        /// Sleeps begun on this clock in all.
        var sleepsBegun = 0
        /// The conditions threads have waited on (woken at each advance), and their waits in all.
        var conditions: [NSCondition] = []
        var threadWaits = 0
        var watchers: [Watcher] = []
        var lastID: UInt64 = 0

        mutating func nextID() -> UInt64 {
            lastID += 1
            return lastID
        }

        /// Takes out the watchers whose condition now holds.
        mutating func satisfiedWatchers() -> [Watcher] {
            let state = self
            let satisfied = watchers.filter { $0.condition(state) }
            watchers.removeAll { watcher in satisfied.contains { $0.id == watcher.id } }
            return satisfied
        }
    }

    private let state: Mutex<State>

    /// Starts at the system's time of day (upstreams' `Date` and `Expires` headers are real times).
    init(_ start: Double = Date().timeIntervalSince1970) {
        state = Mutex(State(seconds: start))
    }

    func now() -> Double { state.withLock { $0.seconds } }

    func sleep(for duration: Duration) async throws {
        let id = state.withLock { $0.nextID() }
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (cancelled, satisfied) = state.withLock { state -> (Bool, [Watcher]) in
                    // Cancelled before the handler could find this sleeper: it must not stay asleep.
                    if Task.isCancelled { return (true, []) }
                    state.sleepers.append(Sleeper(id: id, deadline: state.seconds + seconds, continuation: continuation))
                    state.sleepsBegun += 1
                    return (false, state.satisfiedWatchers())
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
                for watcher in satisfied { watcher.continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    func wait(on condition: NSCondition, until deadline: Double) {
        let (due, satisfied) = state.withLock { state -> (Bool, [Watcher]) in
            guard state.seconds < deadline else { return (true, []) }
            if !state.conditions.contains(where: { $0 === condition }) { state.conditions.append(condition) }
            state.threadWaits += 1
            return (false, state.satisfiedWatchers())
        }
        for watcher in satisfied { watcher.continuation.resume() }
        guard !due else { return }
        // An advance from here on broadcasts `condition` only once this wait has released it (the
        // caller holds it), so the wake-up is never missed.
        condition.wait()
    }

    /// Moves the clock on by `interval` seconds, waking the sleepers whose time has come and every
    /// thread waiting on the clock (which looks at the time again).
    func advance(by interval: Double) {
        _ = wake(after: interval)
    }

    /// Returns once threads have waited on this clock `count` times in all (a log writer gone to
    /// sleep until its batch's flush time).
    func threadWaits(_ count: Int) async throws {
        try await wait("\(count) thread waits on the clock") { $0.threadWaits >= count }
    }

    /// Waits until `sleepers` are asleep on the clock (a schedule's loop waiting for its next
    /// turn), moves the clock on by `interval`, and returns once every sleeper that woke has gone
    /// to sleep on it again: what the loop woke up to do is done.
    func advanceAndWait(by interval: Double, sleepers: Int = 1) async throws {
        try await wait("\(sleepers) sleepers on the clock") { $0.sleepers.count >= sleepers }
        let (woken, begun) = wake(after: interval)
        try await wait("the \(woken) sleepers woken after \(interval) s to sleep again") { $0.sleepsBegun >= begun + woken }
    }

    /// Advances the time and resumes the sleepers now due; how many woke, and the sleeps begun so far.
    private func wake(after interval: Double) -> (woken: Int, begun: Int) {
        let (due, begun, conditions) = state.withLock { state -> ([Sleeper], Int, [NSCondition]) in
            state.seconds += interval
            let due = state.sleepers.filter { $0.deadline <= state.seconds }
            state.sleepers.removeAll { $0.deadline <= state.seconds }
            return (due, state.sleepsBegun, state.conditions)
        }
        for sleeper in due { sleeper.continuation.resume() }
        for condition in conditions {
            condition.lock()
            condition.broadcast()
            condition.unlock()
        }
        return (due.count, begun)
    }

    /// Returns once `condition` holds of the sleepers; throws after 30 s of real time (scaled by
    /// ``TestTiming``), a bound for a server that never gets there, not a wait for time to pass.
    private func wait(_ what: String, _ condition: @escaping @Sendable (State) -> Bool) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.until(condition) }
            group.addTask {
                try await Task.sleep(for: .seconds(30 * TestTiming.scale))
                throw TimedOut(what: what)
            }
            try await group.next()
            group.cancelAll()
        }
    }

    private func until(_ condition: @escaping @Sendable (State) -> Bool) async throws {
        let id = state.withLock { $0.nextID() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { state -> Result<Bool, CancellationError> in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if condition(state) { return .success(true) }
                    state.watchers.append(Watcher(id: id, condition: condition, continuation: continuation))
                    return .success(false)
                }
                switch outcome {
                case .failure(let error): continuation.resume(throwing: error)
                case .success(true): continuation.resume()
                case .success(false): break
                }
            }
        } onCancel: {
            let watcher = state.withLock { state -> Watcher? in
                guard let index = state.watchers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.watchers.remove(at: index)
            }
            watcher?.continuation.resume(throwing: CancellationError())
        }
    }

    /// The server never reached the state a test waited for.
    struct TimedOut: Error, CustomStringConvertible {
        let what: String

        var description: String { "waited in vain for \(what)" }
    }
}
