/// Where tiles come from: a URL template (http/https or file://), a directory tree, an MBTiles file,
/// possibly behind over-zoom.
public protocol TileSource: Sendable {
    /// The tile at `scale` (1, or 2 for templates with `{r}`/`{scale}`), or nil for "no tile" (an
    /// HTTP 404 or 204, a missing file, a hole in an MBTiles file), which batch jobs skip and count
    /// rather than fail. Throws ``SourceError`` when the tile cannot be had.
    func tile(_ id: TileID, scale: Int) async throws -> TileImage?

    /// The tile with what an HTTP cache needs (freshness, validators); a conditional request when
    /// `validators` are not empty. Sources without HTTP semantics answer with ``tile(_:scale:)``.
    func fetch(_ id: TileID, scale: Int, validators: Validators) async throws -> SourceAnswer

    /// Releases connections and files; the source is not used afterwards.
    func close() async
}

extension TileSource {
    public func close() async {}
}

/// A source that cannot deliver a tile; the description names the tile and the cause, the kind
/// says what went wrong (a server maps a timeout to 504 and the rest to 502).
public struct SourceError: Error, Equatable, CustomStringConvertible, Sendable {
    public enum Kind: String, Sendable {
        /// No answer in time (connect, read or the whole request).
        case timeout
        /// An HTTP status that is neither a tile nor "no tile" (5xx after the retries, 403…).
        case status
        /// A body larger than the configured maximum.
        case tooLarge
        /// The connection failed or closed early (refused, reset, truncated body).
        case connection
        /// Anything else: an unreadable file, a bad configuration.
        case other
    }

    public let kind: Kind
    public let message: String

    public init(_ message: String, kind: Kind = .other) {
        self.message = message
        self.kind = kind
    }

    public var description: String { message }
}
