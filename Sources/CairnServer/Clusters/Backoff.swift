/// Delays between attempts to reconnect: `first`, doubling each time up to `limit`, back to
/// `first` after a success.
struct Backoff: Sendable {
    let first: Duration
    let limit: Duration
    private var current: Duration

    init(first: Duration = .milliseconds(250), limit: Duration = .seconds(10)) {
        self.first = first
        self.limit = limit
        current = first
    }

    /// The delay before the next attempt; each call doubles the one after it.
    mutating func next() -> Duration {
        defer { current = min(current * 2, limit) }
        return current
    }

    /// Starts again from `first` (after a successful attempt).
    mutating func reset() {
        current = first
    }
}
