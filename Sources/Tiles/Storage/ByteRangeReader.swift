/// Where an archive's bytes come from: a local file now, an HTTP server answering range requests
/// later. One method, so that every transport is small; caching lives in the reader above it.
public protocol ByteRangeReader: Sendable {
    /// Exactly `length` bytes from `offset`; throws a ``PMTilesError`` when the source has fewer
    /// (`.corrupt`: the archive is truncated) or cannot be read (`.io`).
    func read(offset: UInt64, length: Int) async throws(PMTilesError) -> [UInt8]
}
