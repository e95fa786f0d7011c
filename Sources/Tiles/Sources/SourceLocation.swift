import Codecs
import Foundation

/// Where `--source` points: an http(s):// or file:// URL template, an MBTiles or PMTiles file, a `z/x/y`
/// directory tree, or `none` (transparent tiles, for overlays) — recognised from the string, so every command and the server open sources the
/// same way.
public enum SourceLocation {
    /// Opens the source `location` names, over-zoomed beyond `maxzoom` when that is given (the
    /// ancestors decoded within `decodeLimits`).
    public static func open(_ location: String, subdomains: [String] = ["a", "b", "c"],
                            http: HTTPSourceOptions = HTTPSourceOptions(),
                            maxzoom: Int? = nil, overZoomDepth: Int = 8, decodeLimits: DecodeLimits = .default) throws -> any TileSource {
        let source: any TileSource
        if location == TransparentSource.name {
            return TransparentSource()
        } else if RemotePMTilesSource.names(location) {
            source = RemotePMTilesSource(url: location, options: http)
        } else if location.hasPrefix("http://") || location.hasPrefix("https://") {
            source = try HTTPTileSource(template: URLTemplate(location, subdomains: subdomains), options: http)
        } else if location.hasPrefix("file://") {
            source = try FileTemplateSource(template: URLTemplate(location, subdomains: subdomains))
        } else if location.hasSuffix(".mbtiles") {
            guard FileManager.default.fileExists(atPath: location) else { throw SourceError("\(location): no such file") }
            source = try MBTilesSource(path: location)
        } else if location.hasSuffix(".pmtiles") {
            guard FileManager.default.fileExists(atPath: location) else { throw SourceError("\(location): no such file") }
            source = try PMTilesSource(path: location)
        } else if location.contains("{") {
            throw SourceError("'\(location)': a URL template starts with http://, https:// or file://")
        } else {
            source = try DirectorySource(root: location)
        }
        guard let maxzoom else { return source }
        return OverZoomSource(base: source, maxzoom: maxzoom, maximumDepth: overZoomDepth, limits: decodeLimits)
    }

    /// The image format a template's or path's extension names (`….png`, `{y}.jpg?key=…`), if any.
    public static func declaredFormat(of location: String) -> ImageFormat? {
        let path = location.split(separator: "?").first.map(String.init) ?? location
        let ext = (path as NSString).pathExtension
        return ext.isEmpty ? nil : ImageFormat(fileExtension: ext)
    }
}
