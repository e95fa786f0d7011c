import Synchronization

/// The counts of a running seed, updated as each tile finishes: what the progress line draws and
/// `GET /admin/jobs/{id}` answers.
public final class SeedProgress: Sendable {
    /// Tiles in the plan.
    public let total: Int
    private let state = Mutex(Counts())

    public struct Counts: Sendable, Equatable {
        /// Tiles finished, whatever their outcome.
        public var done = 0
        /// Rendered and stored.
        public var stored = 0
        /// Bytes of the tiles stored.
        public var bytes = 0
        /// A fresh copy was kept (`resume`).
        public var kept = 0
        /// The source has no such tile.
        public var absent = 0
        /// Failed (the upstream failed, the render failed); the first failure's reason is kept.
        public var failed = 0
        public var firstFailure: String?
    }

    public init(total: Int) { self.total = total }

    /// The counts now.
    public var counts: Counts { state.withLock { $0 } }

    func record(_ outcome: LayerService.SeedOutcome) {
        state.withLock { counts in
            counts.done += 1
            switch outcome {
            case .stored(let bytes): counts.stored += 1; counts.bytes += bytes
            case .kept: counts.kept += 1
            case .absent: counts.absent += 1
            }
        }
    }

    func recordFailure(_ tile: String, _ reason: String) {
        state.withLock { counts in
            counts.done += 1
            counts.failed += 1
            if counts.firstFailure == nil { counts.firstFailure = "\(tile): \(reason)" }
        }
    }
}
