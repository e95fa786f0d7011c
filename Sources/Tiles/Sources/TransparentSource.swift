import Canvas

/// `--source none`: every tile is transparent, so a chain draws on nothing and the output is an
/// overlay only (cluster badges, a grid, a watermark) to lay over another map.
public struct TransparentSource: TileSource {
    /// What `--source` says to choose it.
    public static let name = "none"

    public init() {}

    public func tile(_ id: TileID, scale: Int) async throws -> TileImage? {
        do {
            return .decoded(try Surface(width: 256 * scale, height: 256 * scale), format: .png)
        } catch {
            throw SourceError("a transparent tile at @\(scale)x: \(error)")
        }
    }
}
