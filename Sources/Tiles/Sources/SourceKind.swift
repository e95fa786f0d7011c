import Foundation

/// What a source string names, recognised in one place for every command and the server: `none`,
/// a remote PMTiles archive (`https://…/world.pmtiles`), an http(s):// URL template, a `file://`
/// URL template, a local MBTiles or PMTiles archive (a path, or a `file://` URL of one), or a
/// `z/x/y` directory tree.
public enum SourceKind: Equatable, Sendable {
    /// `none`: transparent tiles, for overlays.
    case transparent
    /// An http(s):// URL (not a template) of a `.pmtiles` archive, read with range requests.
    case remoteArchive(url: String)
    /// An http(s):// URL template.
    case httpTemplate(String)
    /// A `file://` URL template (`file:///data/{z}/{x}/{y}.png`).
    case fileTemplate(String)
    /// A local MBTiles file.
    case mbtiles(path: String)
    /// A local PMTiles file.
    case pmtiles(path: String)
    /// A `z/x/y` directory tree.
    case directory(path: String)

    /// The kind of `location`; a template that is not a URL is an error.
    public init(_ location: String) throws(SourceError) {
        if location == TransparentSource.name {
            self = .transparent
        } else if Self.isRemoteArchive(location) {
            self = .remoteArchive(url: location)
        } else if location.hasPrefix("http://") || location.hasPrefix("https://") {
            self = .httpTemplate(location)
        } else if location.hasPrefix("file://") {
            // `file:///data/world.mbtiles` is the archive at `/data/world.mbtiles`, not a template.
            let path = String(location.dropFirst("file://".count))
            let archive = path.contains("{") ? nil : Self.archive(at: path.removingPercentEncoding ?? path)
            self = archive ?? .fileTemplate(location)
        } else if let archive = Self.archive(at: location) {
            self = archive
        } else if location.contains("{") {
            throw SourceError("'\(location)': a URL template starts with http://, https:// or file://")
        } else {
            self = .directory(path: location)
        }
    }

    /// Whether `location` names a remote archive: an http(s) URL (not a template) whose path ends in `.pmtiles`.
    private static func isRemoteArchive(_ location: String) -> Bool {
        guard location.hasPrefix("http://") || location.hasPrefix("https://"), !location.contains("{") else { return false }
        let path = location.split(separator: "?", maxSplits: 1).first ?? ""
        return path.hasSuffix(".pmtiles")
    }

    /// An MBTiles or PMTiles archive at `path`, recognised by its extension.
    private static func archive(at path: String) -> SourceKind? {
        if path.hasSuffix(".mbtiles") { return .mbtiles(path: path) }
        if path.hasSuffix(".pmtiles") { return .pmtiles(path: path) }
        return nil
    }

    /// Whether this is an MBTiles or PMTiles archive on this machine (a path, or a `file://` URL of one).
    public var isLocalArchive: Bool {
        switch self {
        case .mbtiles, .pmtiles: true
        default: false
        }
    }

    /// Whether this is a file on this machine (a local archive or directory, or a `file://` template).
    public var isLocal: Bool {
        switch self {
        case .transparent, .remoteArchive, .httpTemplate: false
        case .fileTemplate, .mbtiles, .pmtiles, .directory: true
        }
    }

    /// `location` with a relative local path in it taken from `directory` (`tiles/world.pmtiles`,
    /// `file://tiles/{z}/{x}/{y}.png` — a `file://` URL without a third slash); anything else as it is.
    public static func resolving(_ location: String, in directory: String) -> String {
        if location.hasPrefix("file://") {
            let path = String(location.dropFirst("file://".count))
            return "file://" + resolve(path, in: directory)
        }
        guard let kind = try? SourceKind(location), kind.isLocal else { return location }
        return resolve(location, in: directory)
    }

    /// `path` relative to `directory` unless it is absolute.
    private static func resolve(_ path: String, in directory: String) -> String {
        path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
    }
}
