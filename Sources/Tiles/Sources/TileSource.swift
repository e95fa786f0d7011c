/// Where tiles come from: a URL template (http/https or file://), a directory tree, an MBTiles file.
public protocol TileSource: Sendable {
    /// The tile's bytes at `scale` (1, or 2 for @2x templates), or nil for "no tile" (an HTTP 404 or
    /// 204, a missing file, a hole in an MBTiles file), which batch jobs skip and count rather than fail.
    func tile(_ id: TileID, scale: Int) async throws -> [UInt8]?
}

/// A source that cannot deliver a tile; the description names the tile and the cause.
public struct SourceError: Error, Equatable, CustomStringConvertible, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
