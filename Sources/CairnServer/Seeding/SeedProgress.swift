import Synchronization
import Tiles

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

    /// Counts a tile the seed's ``BatchRender`` finished.
    func record(_ tile: TileID, _ outcome: TileOutcome) {
        state.withLock { counts in
            counts.done += 1
            switch outcome {
            case .rendered(let bytes): counts.stored += 1; counts.bytes += bytes
            case .skipped: counts.kept += 1
            case .noTile: counts.absent += 1
            case .failed(let reason):
                counts.failed += 1
                if counts.firstFailure == nil { counts.firstFailure = "\(tile): \(reason)" }
            }
        }
    }
}
