import Synchronization
import Tiles

/// Tiles from a PMTiles archive on a web server or object storage (`https://…/world.pmtiles`), read
/// with HTTP range requests the way MapLibre's PMTiles protocol reads it: the header, root directory
/// and metadata in one 16 kB range when the archive is first used, leaf directories cached, so a
/// tile costs at most two ranges (its leaf directory, once, and the tile itself), one when warm. Every range names
/// the archive's `ETag` (`If-Match`): when the archive is replaced, its directories are dropped and
/// it is opened again, once, for the request that noticed.
public final class RemotePMTilesSource: TileSource, DescribedTileSource {
    public let url: String
    private let fetcher: HTTPFetcher
    /// The archive as opened, shared by the requests that wait for the opening.
    private let opened = Mutex<Task<PMTilesReader, any Error>?>(nil)

    public init(url: String, options: HTTPSourceOptions = HTTPSourceOptions()) {
        self.url = url
        fetcher = HTTPFetcher(options: options)
    }

    public func tile(_ id: TileID, scale: Int) async throws -> TileImage? {
        try await readingAgainIfReplaced { try await $0.tile(id) }.map(TileImage.encoded)
    }

    /// The metadata of the archive (see `PMTilesSource.tilesetMetadata()`), opening it if need be.
    public func tilesetMetadata() async throws -> [String: String] {
        try await readingAgainIfReplaced { PMTilesSource.metadata(of: $0) }
    }

    public func close() async {
        await fetcher.close()
    }

    /// `body` on the open archive; when the archive turned out to be replaced, on it opened afresh.
    /// An archive that could not be opened is tried again by the next request.
    private func readingAgainIfReplaced<T>(_ body: (PMTilesReader) async throws -> T) async throws -> T {
        for _ in 0..<2 {
            let task = current()
            let reader: PMTilesReader
            do {
                reader = try await task.value
            } catch {
                forget(task)
                throw Self.sourceError(error)
            }
            do {
                return try await body(reader)
            } catch let error as PMTilesError where error.kind == .replaced {
                forget(task)
            } catch {
                throw Self.sourceError(error)
            }
        }
        throw SourceError("\(ShownURL.redacting(url)): the archive was replaced twice while one tile was read", kind: .connection)
    }

    /// A failure as the server maps it: bad bytes are a bad upstream answer, the rest a failed connection.
    private static func sourceError(_ error: any Error) -> SourceError {
        guard let error = error as? PMTilesError else { return error as? SourceError ?? SourceError("\(error)", kind: .connection) }
        return SourceError(error.message, kind: error.kind == .corrupt ? .other : .connection)
    }

    private func current() -> Task<PMTilesReader, any Error> {
        opened.withLock { task in
            if let task { return task }
            let (url, fetcher) = (self.url, self.fetcher)
            let opening = Task { () async throws -> PMTilesReader in
                let ranges = HTTPArchiveRanges(HTTPRangeReader(url: url, fetcher: fetcher))
                let reader = try await PMTilesReader(ranges: ranges, name: ShownURL.redacting(url))
                ranges.endOpening()
                return reader
            }
            task = opening
            return opening
        }
    }

    /// Drops `task`'s archive (unless another request already opened a newer one).
    private func forget(_ task: Task<PMTilesReader, any Error>) {
        opened.withLock { if $0 == task { $0 = nil } }
    }
}
