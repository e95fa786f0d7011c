import Foundation

extension ServerConfig {
    /// The map page at `/` (`page:`): on by default, with Leaflet served from its installed files.
    public struct Page: Sendable {
        /// Serve `/`, `/catalog.json` and `/assets/…`; off, those paths answer 404.
        public var enabled = true
        /// The directory of Leaflet's `leaflet.min.js`, `leaflet.css` and `images/` (Debian's
        /// `libjs-leaflet` installs them here), served under `/assets/leaflet/`.
        public var leaflet = "/usr/share/javascript/leaflet"

        /// The Leaflet file the page loads.
        public static let leafletScript = "leaflet.min.js"

        /// Whether Leaflet is installed where ``leaflet`` says.
        public var hasLeaflet: Bool { FileManager.default.isReadableFile(atPath: leaflet + "/" + Self.leafletScript) }

        public init() {}
    }

    /// `page: {enabled: BOOL, leaflet: DIR}`.
    static let pageSection = ConfigSection<Page>([
        "enabled": { page, value, _ in page.enabled = try value.bool() },
        "leaflet": { page, value, context in page.leaflet = resolve(try value.string(), in: context.directory) },
    ])
}
