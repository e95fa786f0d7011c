import Codecs
import Foundation
import Markers
import Tiles
import Yams

extension ServerConfig {
    /// Reads the configuration at `path`; relative paths inside it (style files, file:// sources)
    /// are taken from the file's directory, `${NAME}`s from `environment`. Every problem names its path in the file.
    public static func load(path: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ServerConfig {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"
            throw ConfigError("", "cannot read the configuration file (\(reason))")
        }
        let directory = (path as NSString).deletingLastPathComponent
        return try ServerConfig(yaml: String(decoding: data, as: UTF8.self), directory: directory.isEmpty ? "." : directory,
                                environment: environment)
    }

    /// Parses a configuration; `directory` resolves relative paths, `environment` gives the values of
    /// `${NAME}`s (``EnvironmentSubstitution``).
    public init(yaml: String, directory: String = ".", environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        var root: Node
        do {
            root = try Yams.compose(yaml: yaml) ?? Node.mapping(Node.Mapping([]))
        } catch {
            throw ConfigError("", "not valid YAML (\(error))")
        }
        root = try EnvironmentSubstitution.apply(to: root, path: "", environment: environment)
        self.init()
        var layerNode: ConfigNode?
        var limitsNode: ConfigNode?
        var datasetNode: ConfigNode?
        try ConfigNode(root, path: "").fields(["server", "cache", "layers", "datasets", "badges", "cards", "limits", "page",
                                                  "security", "admin"]) { key, node in
            switch key {
            case "security": try readSecurity(node, directory: directory)
            case "admin": try readAdmin(node, directory: directory)
            case "datasets": datasetNode = node
            case "server": try readServer(node)
            case "cache": try readCache(node, directory: directory)
            case "layers": layerNode = node
            case "badges": try readBadges(node, directory: directory)
            case "cards": try readCards(node, directory: directory)
            case "page": try readPage(node, directory: directory)
            default: limitsNode = node
            }
        }
        // Limits first: a layer's upstream body cap comes from them.
        if let limitsNode { try readLimits(limitsNode) }
        if let layerNode {
            for (name, node) in try layerNode.entries() {
                try Self.checkName(name, path: node.path)
                layers.append(try Self.layer(name, node, directory: directory, limits: limits))
            }
        }
        if let datasetNode {
            for (name, node) in try datasetNode.entries() {
                try Self.checkName(name, path: node.path)
                let dataset = try Self.dataset(name, node, directory: directory, warnings: &warnings)
                if let style = dataset.style, badges.styles[style] == nil {
                    throw ConfigError(node.path + ".style", "no style '\(style)' (known: \(badges.styles.keys.sorted().joined(separator: ", ")))")
                }
                datasets.append(dataset)
            }
        }
    }

    /// Applies `CAIRN_HOST`, `CAIRN_PORT`, `CAIRN_CACHE_DIR`, `CAIRN_ADMIN_TOKEN` and `CAIRN_HOT_LANE`
    /// (`0`, `false`, `off` or `no` turns the hot lane off; `1`, `true`, `on`, `yes` on) from `environment`.
    public mutating func applyEnvironment(_ environment: [String: String]) throws {
        if let host = environment["CAIRN_HOST"], !host.isEmpty { server.host = host }
        if let port = environment["CAIRN_PORT"], !port.isEmpty {
            guard let value = Int(port), (0...65535).contains(value) else { throw ConfigError("CAIRN_PORT", "'\(port)' is not a port") }
            server.port = value
        }
        if let directory = environment["CAIRN_CACHE_DIR"], !directory.isEmpty { cache.directory = directory }
        if let token = environment["CAIRN_ADMIN_TOKEN"], !token.isEmpty { admin.token = AdminToken(token) }
        if let lane = environment["CAIRN_HOT_LANE"], !lane.isEmpty {
            switch lane.lowercased() {
            case "0", "false", "off", "no": server.hotLane = false
            case "1", "true", "on", "yes": server.hotLane = true
            default: throw ConfigError("CAIRN_HOT_LANE", "'\(lane.prefix(40))' is not on or off (1, true, on, yes or 0, false, off, no)")
            }
        }
    }

    private mutating func readServer(_ node: ConfigNode) throws {
        try node.fields(["host", "port", "base_url", "cors", "render_workers", "queue", "max_inflight_fetches",
                         "shutdown_grace", "max_body", "header_timeout", "idle_timeout", "max_connections", "hot_lane"],
                        nullable: ["cors"]) { key, value in
            switch key {
            case "host": server.host = try value.string()
            case "port": server.port = try value.int(in: 0...65535)
            case "base_url":
                let url = try value.string()
                guard url.hasPrefix("http://") || url.hasPrefix("https://") else { throw ConfigError(value.path, "expected an http:// or https:// URL") }
                server.baseURL = url.hasSuffix("/") ? String(url.dropLast()) : url
            case "cors": server.cors = value.isNull ? nil : try value.string()
            case "render_workers":
                server.renderWorkers = try value.string() == "auto" ? nil : try value.int(in: 1...1024)
            case "queue": server.queue = try value.int(in: 1...1_000_000)
            case "max_inflight_fetches": server.maxInflightFetches = try value.int(in: 1...1_000_000)
            case "shutdown_grace": server.shutdownGrace = try value.seconds(in: 0...3600)
            case "header_timeout": server.headerTimeout = try value.seconds(in: Self.timeoutRange)
            case "idle_timeout": server.idleTimeout = try value.seconds(in: Self.timeoutRange)
            case "max_connections": server.maxConnections = try value.int(in: 1...1_000_000)
            case "hot_lane": server.hotLane = try value.bool()
            default: server.maxBodyBytes = try value.bytes(in: 0...(1 << 30))
            }
        }
    }

    private mutating func readCache(_ node: ConfigNode, directory: String) throws {
        try node.fields(["dir", "max_size", "ttl", "honour_upstream", "memory_items", "memory_size"]) { key, value in
            switch key {
            case "dir": cache.directory = Self.resolve(try value.string(), in: directory)
            case "max_size": cache.maxSize = try value.bytes()
            case "ttl": cache.ttl = try value.seconds(in: 0...Self.longestTTL)
            case "honour_upstream": cache.honourUpstream = try value.bool()
            case "memory_size": cache.memorySize = try value.bytes()
            default: cache.memoryItems = try value.int(in: 0...10_000_000)
            }
        }
    }

    private mutating func readBadges(_ node: ConfigNode, directory: String) throws {
        var defaultNode: ConfigNode?
        try node.fields(["default_style", "styles"]) { key, value in
            if key == "default_style" { defaultNode = value; return }
            for (name, styleNode) in try value.entries() {
                try Self.checkName(name, path: styleNode.path)
                var file: String?
                try styleNode.fields(["file"]) { _, fileNode in file = Self.resolve(try fileNode.string(), in: directory) }
                guard let file else { throw ConfigError(styleNode.path, "expected {file: PATH.yml}") }
                do {
                    badges.styles[name] = try BadgeStyle.load(path: file)
                } catch {
                    throw ConfigError(styleNode.path + ".file", "\(error)")
                }
            }
        }
        if let defaultNode {
            let name = try defaultNode.string()
            guard badges.styles[name] != nil else {
                throw ConfigError(defaultNode.path, "no style '\(name)' (known: \(badges.styles.keys.sorted().joined(separator: ", ")))")
            }
            badges.defaultStyle = name
        }
    }

    private mutating func readCards(_ node: ConfigNode, directory: String) throws {
        try node.fields(["image_source", "width"]) { key, value in
            if key == "width" {
                cards.width = try value.double()
                guard (80...1000).contains(cards.width) else { throw ConfigError(value.path, "expected a width in 80…1000") }
                return
            }
            try value.fields(["url"]) { _, url in
                let template = Self.resolveFileURL(try url.string(), in: directory)
                guard template.contains("{id}") else { throw ConfigError(url.path, "the template needs {id}") }
                guard template.hasPrefix("http://") || template.hasPrefix("https://") || template.hasPrefix("file://") else {
                    throw ConfigError(url.path, "expected an http://, https:// or file:// template")
                }
                cards.imageSource = template
            }
        }
    }

    private mutating func readLimits(_ node: ConfigNode) throws {
        try node.fields(["max_badge_count", "max_scale", "max_text", "max_upstream_bytes", "max_image_side", "max_image_pixels",
                         "max_static_side", "max_filter", "max_filter_depth"]) { key, value in
            switch key {
            case "max_badge_count": limits.maxBadgeCount = try value.int(in: 1...Int.max)
            case "max_scale": limits.maxScale = try value.int(in: 1...4)
            case "max_text": limits.maxText = try value.int(in: 1...10_000)
            // Cairo's surfaces stop at 32767 pixels a side.
            case "max_image_side": limits.maxImageSide = try value.int(in: 1...32767)
            case "max_image_pixels": limits.maxImagePixels = try value.pixels(in: 1...(1 << 30))
            // Twice this at @2x must stay within Cairo's 32767 pixels.
            case "max_static_side": limits.maxStaticSide = try value.int(in: 1...16383)
            case "max_filter": limits.maxFilter = try value.bytes(in: 1...1_000_000)
            case "max_filter_depth": limits.maxFilterDepth = try value.int(in: 1...256)
            default: limits.maxUpstreamBytes = try value.bytes(in: 1...Int.max)
            }
        }
    }

    private static func layer(_ name: String, _ node: ConfigNode, directory: String, limits: Limits) throws -> Layer {
        var source: Source?
        var chain = RendererChain([])
        var format = ImageFormat.png
        var minzoom = 0, maxzoom = 22
        var attribution: String?
        var framesNode: ConfigNode?
        try node.fields(["source", "chain", "format", "minzoom", "maxzoom", "attribution", "frames"]) { key, value in
            switch key {
            case "source": source = try Self.source(value, directory: directory, limits: limits)
            case "frames": framesNode = value
            case "chain":
                do {
                    chain = try RendererChain(node: value.node, path: value.path)
                } catch let error as ChainError {
                    throw ConfigError("", error.message)
                }
            case "format":
                guard let parsed = ImageFormat(fileExtension: try value.string()) else {
                    throw ConfigError(value.path, "expected png, jpeg or webp")
                }
                format = parsed
            case "minzoom": minzoom = try value.int(in: 0...TileID.maximumZoom)
            case "maxzoom": maxzoom = try value.int(in: 0...TileID.maximumZoom)
            default: attribution = try value.string()
            }
        }
        guard var source else { throw ConfigError(node.path + ".source", "every layer needs a source") }
        guard minzoom <= maxzoom else { throw ConfigError(node.path + ".minzoom", "is above maxzoom (\(maxzoom))") }
        let frames = try framesNode.map { try Self.frames($0, sourceURL: source.url, directory: directory) }
        // An animation given by its frames' URLs needs no source URL of its own: the first frame's stands for it.
        if source.url.isEmpty, let first = frames?.urls.first { source.url = first }
        guard !source.url.isEmpty else { throw ConfigError(node.path + ".source.url", "every source needs a url") }
        if frames == nil, source.url.contains("{t}") {
            throw ConfigError(node.path + ".source.url", "{t} stands for the times of frames: {times: […]}, which this layer does not have")
        }
        return Layer(name: name, source: source, chain: chain, format: format, minzoom: minzoom, maxzoom: maxzoom, attribution: attribution,
                     frames: frames)
    }

    private static func source(_ node: ConfigNode, directory: String, limits: Limits) throws -> Source {
        var source = Source(url: "")
        source.http.maximumBodyBytes = limits.maxUpstreamBytes
        // `source: tiles.pmtiles` is short for `source: {url: tiles.pmtiles}`.
        if let text = try? node.string() {
            source.url = try sourceURL(text, path: node.path, directory: directory)
            return source
        }
        try node.fields(["url", "subdomains", "maxzoom", "timeout", "connect_timeout", "deadline", "retries", "connections",
                         "headers"]) { key, value in
            switch key {
            case "url": source.url = try sourceURL(try value.string(), path: value.path, directory: directory)
            case "subdomains": source.subdomains = try value.strings()
            case "maxzoom": source.maxzoom = try value.int(in: 0...TileID.maximumZoom)
            case "timeout": source.http.timeout = try value.seconds(in: Self.timeoutRange)
            case "connect_timeout": source.http.connectTimeout = try value.seconds(in: Self.timeoutRange)
            case "deadline": source.http.deadline = try value.seconds(in: Self.timeoutRange)
            case "retries": source.http.retries = try value.int(in: 0...10)
            case "connections": source.http.connectionsPerHost = try value.int(in: 1...256)
            default:
                for (name, header) in try value.entries() {
                    let text = try header.string()
                    if name.caseInsensitiveCompare("User-Agent") == .orderedSame { source.http.userAgent = text } else { source.http.headers[name] = text }
                }
            }
        }
        return source
    }

    /// A source location, checked: an http(s):// or file:// template (a `{t}` stands for an
    /// animated layer's times) or an .mbtiles file; relative files taken from `directory`.
    static func sourceURL(_ text: String, path: String, directory: String) throws(ConfigError) -> String {
        let url = resolveFileURL(text, in: directory)
        do { _ = try URLTemplate(url.replacingOccurrences(of: "{t}", with: "t")) } catch { throw ConfigError(path, "\(error)") }
        let archive = url.hasSuffix(".mbtiles") || url.hasSuffix(".pmtiles")
        guard url.hasPrefix("http://") || url.hasPrefix("https://") || url.hasPrefix("file://") || archive else {
            throw ConfigError(path, "expected an http://, https:// or file:// template, an .mbtiles or a .pmtiles file")
        }
        // A remote archive (`https://…/world.pmtiles`) is read with range requests, not resolved as a path.
        let remote = url.hasPrefix("http://") || url.hasPrefix("https://")
        return archive && !remote ? resolve(url, in: directory) : url
    }

    /// Ten years: `Cache-Control: max-age` and file times stay in ordinary integers.
    static let longestTTL = 10 * 365 * 86400.0
    /// Upstream timeouts: from a millisecond to an hour.
    static let timeoutRange = 0.001...3600.0

    /// Layer and style names appear in URLs: letters, digits, `-`, `_` and `.` only.
    private static func checkName(_ name: String, path: String) throws {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ allowed.contains($0) && $0.isASCII }) else {
            throw ConfigError(path, "names may use only letters, digits, '-', '_' and '.'")
        }
        // `_badges`, `_clusters`, … and dot files are the cache directory's own (CacheLayout).
        guard !name.hasPrefix("_"), !name.hasPrefix(".") else {
            throw ConfigError(path, "names may not start with '_' or '.' (the cache keeps its own entries under those)")
        }
    }

    /// A `file://` URL without a third slash (`file://tiles/{z}/…`) is relative to `directory`.
    static func resolveFileURL(_ url: String, in directory: String) -> String {
        guard url.hasPrefix("file://"), !url.hasPrefix("file:///") else { return url }
        return "file://" + resolve(String(url.dropFirst("file://".count)), in: directory)
    }

    /// `path` relative to `directory` unless it is absolute.
    static func resolve(_ path: String, in directory: String) -> String {
        path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
    }
}
