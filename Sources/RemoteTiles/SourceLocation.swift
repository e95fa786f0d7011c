import Codecs
import Foundation
import Tiles

/// Where `--source` points: an http(s):// or file:// URL template, an MBTiles or PMTiles file (a path
/// or a `file://` URL), a `z/x/y` directory tree, or `none` (transparent tiles, for overlays) —
/// recognised from the string by `SourceKind`, so every command and the server open sources the same way.
public enum SourceLocation {
    /// Opens the source `location` names (see `SourceKind`), over-zoomed beyond `maxzoom` when that
    /// is given, else beyond the deepest zoom a local archive says it holds (the ancestors decoded
    /// within `decodeLimits`).
    public static func open(_ location: String, subdomains: [String] = ["a", "b", "c"],
                            http: HTTPSourceOptions = HTTPSourceOptions(),
                            maxzoom: Int? = nil, overZoomDepth: Int = 8, decodeLimits: DecodeLimits = .default) throws -> any TileSource {
        let source: any TileSource
        switch try SourceKind(location) {
        case .transparent:
            return TransparentSource()
        case .remoteArchive(let url):
            source = RemotePMTilesSource(url: url, options: http)
        case .httpTemplate(let template):
            source = try HTTPTileSource(template: URLTemplate(template, subdomains: subdomains), options: http)
        case .fileTemplate(let template):
            source = try FileTemplateSource(template: URLTemplate(template, subdomains: subdomains))
        case .mbtiles(let path):
            guard FileManager.default.fileExists(atPath: path) else { throw SourceError("\(path): no such file") }
            source = try MBTilesSource(path: path)
        case .pmtiles(let path):
            guard FileManager.default.fileExists(atPath: path) else { throw SourceError("\(path): no such file") }
            source = try PMTilesSource(path: path)
        case .directory(let path):
            source = try DirectorySource(root: path)
        }
        guard let deepest = maxzoom ?? (source as? any ZoomRangedSource)?.storedZooms?.upperBound else { return source }
        return OverZoomSource(base: source, maxzoom: deepest, maximumDepth: overZoomDepth, limits: decodeLimits)
    }

    /// The image format a template's or path's extension names (`….png`, `{y}.jpg?key=…`), if any.
    public static func declaredFormat(of location: String) -> ImageFormat? {
        let path = location.split(separator: "?").first.map(String.init) ?? location
        let ext = (path as NSString).pathExtension
        return ext.isEmpty ? nil : ImageFormat(fileExtension: ext)
    }
}
