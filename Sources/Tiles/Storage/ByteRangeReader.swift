/// Where a PMTiles archive's bytes come from: a local file (``LocalFileRanges``, `pread`) or an
/// HTTP server answering range requests (`HTTPArchiveRanges`, which reads the first 16 kB in one
/// request while the archive is opened). One method, so that every transport is small; the
/// directories are kept by the reader above it (``PMTilesReader``: the root once, leaves in a cache).
public protocol ByteRangeReader: Sendable {
    /// Exactly `length` bytes from `offset`; throws a ``PMTilesError`` when the source has fewer
    /// (`.corrupt`: the archive is truncated), cannot be read (`.io`) or, over HTTP, was replaced
    /// since it was opened (`.replaced`).
    func read(offset: UInt64, length: Int) async throws(PMTilesError) -> [UInt8]
}
