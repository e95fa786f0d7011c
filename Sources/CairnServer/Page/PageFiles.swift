/// The map page's own files, built into the binary (Package.swift embeds them), served under
/// `/assets/cairn/`; `index.html` is the page at `/`.
enum PageFiles {
    /// The files by name.
    static let all: [String: StaticFile] = {
        let embedded: [(String, [UInt8])] = [
            ("cairn.js", PackageResources.cairn_js),
            ("cairn.css", PackageResources.cairn_css),
            ("favicon.svg", PackageResources.favicon_svg),
            ("error-tile.svg", PackageResources.error_tile_svg),
        ]
        var files: [String: StaticFile] = [:]
        for (name, bytes) in embedded {
            files[name] = StaticFile(bytes: bytes, contentType: StaticFile.contentType(forName: name) ?? "application/octet-stream")
        }
        return files
    }()

    /// The marker in `index.html` that ``page(prefix:)`` replaces with a `<base>` element.
    static let baseMarker = "<!--cairn:base-->"

    /// `index.html` for a server reached under `prefix` (`""` or `/maps`): with a prefix, a
    /// `<base href="/maps/">` makes every relative URL of the page resolve under it, wherever the
    /// page was opened from; without one the URLs stay relative to the page itself.
    static func page(prefix: String) -> StaticFile {
        let html = String(decoding: PackageResources.index_html, as: UTF8.self)
        let base = prefix.isEmpty ? "" : "<base href=\"\(prefix)/\">"
        return StaticFile(bytes: Array(html.replacingOccurrences(of: baseMarker, with: base).utf8),
                          contentType: "text/html; charset=utf-8")
    }
}
