import Foundation

/// Tiles read from disk through a `file://` URL template (`file:///data/{z}/{x}/{y}.png`).
/// A missing file is "no tile", like an HTTP 404; a file that exists but cannot be read is an error.
public struct FileTemplateSource: TileSource {
    public let template: URLTemplate

    public init(template: URLTemplate) throws(SourceError) {
        guard template.isFile else { throw SourceError("'\(template)' is not a file:// template") }
        self.template = template
    }

    /// The file path of a tile.
    public func path(for tile: TileID, scale: Int = 1) -> String {
        let url = template.url(for: tile, scale: scale)
        let path = String(url.dropFirst("file://".count))
        return path.removingPercentEncoding ?? path
    }

    public func tile(_ id: TileID, scale: Int) async throws -> TileImage? {
        try FileTemplateSource.read(path(for: id, scale: scale), tile: id).map(TileImage.encoded)
    }

    /// The bytes of `path`, nil when it does not exist.
    static func read(_ path: String, tile: TileID) throws -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) {
                throw SourceError("tile \(tile): cannot read \(path)")
            }
            return nil
        }
        return Array(data)
    }
}
