import Synchronization

/// Lets one refresh of a dataset run at a time (two builds at once would take twice the memory,
/// and an older read could be swapped in after a newer one), and decides what a request that comes
/// while one runs does: a schedule tick or a file check is skipped (the next one sees the change),
/// a change notice is remembered, and however many arrive during a run they make exactly one more
/// run after it.
final class RefreshGate: Sendable {
    /// What a refresh asked for while another runs does.
    enum WhenBusy: Sendable {
        /// Nothing: a later check will see the change.
        case skip
        /// Runs once more when the running one ends (folded with the others asked meanwhile).
        case runAfter
    }

    private struct State {
        var running = false
        /// The reason of the first request folded into the next run, if any.
        var pending: String?
    }

    private let state = Mutex(State())

    /// Runs `refresh` with `reason` now, or, when one is under way, as `whenBusy` says. Returns when
    /// this call's runs (its own and the ones folded into it) are done, or at once when skipped or
    /// folded into another's.
    func run(reason: String, whenBusy: WhenBusy, _ refresh: (String) async -> Void) async -> Bool {
        let starts = state.withLock { state -> Bool in
            if !state.running {
                state.running = true
                return true
            }
            if whenBusy == .runAfter, state.pending == nil { state.pending = reason }
            return false
        }
        guard starts else { return false }
        var reason = reason
        while true {
            await refresh(reason)
            let next = state.withLock { state -> String? in
                defer { state.pending = nil }
                if state.pending == nil { state.running = false }
                return state.pending
            }
            guard let next else { return true }
            reason = next
        }
    }
}
