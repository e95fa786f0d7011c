/// Tiles read from a PMTiles v3 archive (a local file; the reader works over any byte ranges).
/// A tile the archive does not hold is "no tile", as in MBTiles.
public final class PMTilesSource: TileSource {
    public let reader: PMTilesReader

    public init(reader: PMTilesReader) { self.reader = reader }

    /// Opens the archive at `path`; a bad archive is a ``PMTilesError`` naming the file and the problem.
    public convenience init(path: String) throws(PMTilesError) {
        self.init(reader: try PMTilesReader(path: path))
    }

    public func tile(_ id: TileID, scale: Int) async throws -> TileImage? {
        do {
            return try await reader.tile(id).map(TileImage.encoded)
        } catch {
            throw SourceError(error.message)
        }
    }
}
