/// What a batch job did: counts by outcome, the first failures with their reasons, bytes and time.
public struct BatchReport: Sendable {
    public var rendered = 0
    /// Tiles the source does not have (404, 204, a missing file): skipped, not failures.
    public var noTile = 0
    /// Tiles the output already had (`--resume`).
    public var skipped = 0
    public var failed = 0
    public var bytesWritten = 0
    /// The first ``keptFailures`` failures, in the order they happened.
    public var failures: [(tile: TileID, reason: String)] = []
    public static let keptFailures = 1000
    public var seconds = 0.0
    /// True when the job stopped early because it was asked to.
    public var interrupted = false

    public init() {}

    /// Tiles that reached an outcome (everything but never-started ones).
    public var done: Int { rendered + noTile + skipped + failed }

    /// Tiles rendered and written per second of wall time.
    public var tilesPerSecond: Double { seconds > 0 ? Double(rendered) / seconds : 0 }

    mutating func record(_ tile: TileID, _ outcome: TileOutcome) {
        switch outcome {
        case .rendered(let bytes):
            rendered += 1
            bytesWritten += bytes
        case .noTile: noTile += 1
        case .skipped: skipped += 1
        case .failed(let reason):
            failed += 1
            if failures.count < Self.keptFailures { failures.append((tile, reason)) }
        }
    }
}

/// What happened to one tile of a batch.
public enum TileOutcome: Sendable, Equatable {
    /// Rendered and written: `bytes` long.
    case rendered(bytes: Int)
    case noTile
    case skipped
    case failed(String)
}
