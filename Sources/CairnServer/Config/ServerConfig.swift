import Clusters
import Foundation
import Codecs
import Markers
import Tiles

/// `cairn serve`'s configuration (`--config FILE`, YAML; see `Samples/cairn.yml`).
public struct ServerConfig: Sendable {
    public struct Server: Sendable {
        /// Loopback unless `server.host` or `CAIRN_HOST` says otherwise (the container image sets `0.0.0.0`).
        public var host = "127.0.0.1"
        public var port = 8080
        /// The public URL TileJSON links start with; nil builds them from the request's headers.
        public var baseURL: String?
        /// `Access-Control-Allow-Origin`; nil sends no CORS headers.
        public var cors: String? = "*"
        /// Threads that render (decode, draw, encode); nil means two per core.
        public var renderWorkers: Int?
        /// Renders waiting for a worker before requests are shed with 503.
        public var queue = 256
        /// Distinct tiles (and cards) being fetched upstream and rendered at once before requests
        /// are shed with 503; nil means `queue` + the render workers.
        public var maxInflightFetches: Int?
        /// Seconds in-flight requests get to finish on SIGTERM.
        public var shutdownGrace = 10.0
        /// Largest request body accepted (POST /cards.png).
        public var maxBodyBytes = 64 << 10
        /// Seconds a client has to send a whole request head, from connecting or from the first
        /// byte of a request on a kept-alive connection; then it is disconnected (nginx's
        /// `client_header_timeout`).
        public var headerTimeout = 10.0
        /// Seconds a kept-alive connection may sit idle between requests before it is closed
        /// (nginx's `keepalive_timeout`).
        public var idleTimeout = 60.0
        /// Connections open at once; further ones wait in the kernel's listen backlog until one
        /// closes (nginx's `worker_connections`).
        public var maxConnections = 4096
        /// Fresh hits in the memory tier answered on the connection's event loop, before the router
        /// (see docs/hot-lane.md); `hot_lane: false` or `CAIRN_HOT_LANE=0` sends every request through it.
        public var hotLane = true
    }

    public struct Cache: Sendable {
        /// `cache.dir`, else the user's cache directory (``defaultDirectory(environment:)``).
        public var directory = defaultDirectory(environment: ProcessInfo.processInfo.environment)
        /// Bytes on disk before the least recently used tiles are evicted.
        public var maxSize = 2_000_000_000
        /// Seconds a cached tile stays fresh unless the upstream says otherwise.
        public var ttl = 7 * 86400.0
        /// Use the upstream's `Cache-Control: max-age` / `Expires` as the freshness lifetime.
        public var honourUpstream = true
        /// Images (tiles per layer; badges and cards together) kept in memory in front of the disk …
        public var memoryItems = 4096
        /// … and the bytes they may take, per layer and for badges and cards.
        public var memorySize = 32_000_000

        /// Where tiles are cached when neither `cache.dir` nor `CAIRN_CACHE_DIR` says: `tiles` in the
        /// user's cache directory for Cairn (`$XDG_CACHE_HOME/cairn`, else `$HOME/.cache/cairn`, else
        /// `/var/cache/cairn`), beside the fonts' cache.
        public static func defaultDirectory(environment: [String: String]) -> String {
            let base = [environment["XDG_CACHE_HOME"], environment["HOME"].map { $0 + "/.cache" }]
                .compactMap { $0 }.first { !$0.isEmpty } ?? "/var/cache"
            return base + "/cairn/tiles"
        }
    }

    public struct Source: Sendable {
        public var url: String
        public var subdomains = ["a", "b", "c"]
        public var maxzoom: Int?
        /// The fetcher's options; `deadline` bounds a tile fetch, retries included (`source.deadline`).
        public var http = HTTPSourceOptions.served

        public init(url: String) { self.url = url }
    }

    public struct Layer: Sendable {
        public var name: String
        public var source: Source
        public var chain: RendererChain
        public var format: ImageFormat = .png
        public var minzoom = 0
        public var maxzoom = 22
        public var attribution: String?
        /// An animated layer's frames; nil for a still one.
        public var frames: Frames?
    }

    public struct Badges: Sendable {
        public var defaultStyle = "google"
        /// Styles by name: the built-ins plus those the file adds.
        public var styles: [String: BadgeStyle] = ["google": .google, "ios": .ios, "leaflet": .leaflet]
    }

    public struct Cards: Sendable {
        /// Thumbnails by id: a URL template with `{id}`; nil draws cards without images.
        public var imageSource: String?
        public var width = 240.0
    }

    public struct Limits: Sendable {
        public var maxBadgeCount = 1_000_000_000
        public var maxScale = 4
        public var maxText = 200
        public var maxUpstreamBytes = 8_000_000
        /// The widest or tallest upstream image (tile, ancestor, thumbnail) the server decodes.
        public var maxImageSide = 4096
        /// The most pixels an upstream image may have: 16 MP decode into 64 MB.
        public var maxImagePixels = 16_000_000
        /// The widest or tallest static map, in points (before @2x).
        public var maxStaticSide = 2048
        /// The longest `?filter=`, in bytes.
        public var maxFilter = 1024
        /// How deep a filter's parentheses and `NOT`s may nest.
        public var maxFilterDepth = PointFilter.defaultMaxDepth

        /// What the server decodes upstream images within: a tiny PNG claiming a huge size is a
        /// 502, not hundreds of megabytes per render.
        public var decode: DecodeLimits {
            DecodeLimits(maxSide: maxImageSide, maxPixels: maxImagePixels, maxInputBytes: maxUpstreamBytes)
        }
    }

    public var server = Server()
    public var cache = Cache()
    /// Layers in file order.
    public var layers: [Layer] = []
    /// Cluster datasets in file order.
    public var datasets: [Dataset] = []
    public var badges = Badges()
    public var cards = Cards()
    public var limits = Limits()
    public var page = Page()
    public var security = Security()
    public var admin = Admin()
    /// What the server should warn about when it starts (a secret file others may read); never a secret.
    public var warnings: [String] = []

    public init() {}

    /// The layer called `name`.
    public func layer(_ name: String) -> Layer? { layers.first { $0.name == name } }
}

extension HTTPSourceOptions {
    /// The serve path's defaults: a whole tile fetch, retries and backoff included, ends within
    /// 20 s, below the 30 s `proxy_read_timeout` of deploy/nginx.conf, so a slow upstream gives the
    /// client Cairn's 504 rather than the proxy's own timeout (and a retry on another replica).
    static var served: HTTPSourceOptions {
        var options = HTTPSourceOptions()
        options.deadline = 20
        return options
    }
}
