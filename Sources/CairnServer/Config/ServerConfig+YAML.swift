import Codecs
import Foundation
import Markers
import Tiles
import YAMLLoading
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
            root = try YAMLDocument.root(of: yaml) ?? Node.mapping(Node.Mapping([]))
        } catch {
            throw ConfigError("", error.description)
        }
        root = try EnvironmentSubstitution.apply(to: root, path: "", environment: environment)
        var file = TopLevel(config: ServerConfig())
        file.config.cache.directory = Cache.defaultDirectory(environment: environment)
        var context = ConfigContext(directory: directory)
        try Self.topLevelSection.read(ConfigNode(root, path: ""), into: &file, context)
        self = file.config
        // Limits first: a layer's upstream body cap comes from them.
        if let limitsNode = file.limits { try Self.limitsSection.read(limitsNode, into: &limits, context) }
        context.limits = limits
        if let layerNode = file.layers {
            for (name, node) in try layerNode.entries() {
                try Self.checkName(name, path: node.path)
                layers.append(try Self.layer(name, node, context))
            }
        }
        if let datasetNode = file.datasets {
            for (name, node) in try datasetNode.entries() {
                try Self.checkName(name, path: node.path)
                let dataset = try Self.dataset(name, node, context, warnings: &warnings)
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

    /// The top level while it is read: the sections read in file order into `config`, and the nodes
    /// of those read after all the others (limits, then layers, then datasets, which name badge styles).
    private struct TopLevel {
        var config: ServerConfig
        var layers: ConfigNode?
        var limits: ConfigNode?
        var datasets: ConfigNode?
    }

    private static let topLevelSection = ConfigSection<TopLevel>([
        "server": { try serverSection.read($1, into: &$0.config.server, $2) },
        "cache": { try cacheSection.read($1, into: &$0.config.cache, $2) },
        "layers": { file, node, _ in file.layers = node },
        "datasets": { file, node, _ in file.datasets = node },
        "badges": { try $0.config.readBadges($1, $2) },
        "cards": { try cardsSection.read($1, into: &$0.config.cards, $2) },
        "limits": { file, node, _ in file.limits = node },
        "page": { try pageSection.read($1, into: &$0.config.page, $2) },
        "security": { try securitySection.read($1, into: &$0.config, $2) },
        "admin": { try adminSection.read($1, into: &$0.config, $2) },
    ])

    private static let serverSection = ConfigSection<Server>([
        "host": { server, value, _ in server.host = try value.string() },
        "port": { server, value, _ in server.port = try value.int(in: 0...65535) },
        "base_url": { server, value, _ in
            let url = try value.string()
            guard url.hasPrefix("http://") || url.hasPrefix("https://") else { throw ConfigError(value.path, "expected an http:// or https:// URL") }
            server.baseURL = url.hasSuffix("/") ? String(url.dropLast()) : url
        },
        "cors": { server, value, _ in server.cors = value.isNull ? nil : try value.string() },
        "render_workers": { server, value, _ in server.renderWorkers = try value.string() == "auto" ? nil : try value.int(in: 1...1024) },
        "queue": { server, value, _ in server.queue = try value.int(in: 1...1_000_000) },
        "max_inflight_fetches": { server, value, _ in server.maxInflightFetches = try value.int(in: 1...1_000_000) },
        "shutdown_grace": { server, value, _ in server.shutdownGrace = try value.seconds(in: 0...3600) },
        "max_body": { server, value, _ in server.maxBodyBytes = try value.bytes(in: 0...(1 << 30)) },
        "header_timeout": { server, value, _ in server.headerTimeout = try value.seconds(in: timeoutRange) },
        "idle_timeout": { server, value, _ in server.idleTimeout = try value.seconds(in: timeoutRange) },
        "max_connections": { server, value, _ in server.maxConnections = try value.int(in: 1...1_000_000) },
        "hot_lane": { server, value, _ in server.hotLane = try value.bool() },
    ], nullable: ["cors"])

    private static let cacheSection = ConfigSection<Cache>([
        "dir": { cache, value, context in cache.directory = resolve(try value.string(), in: context.directory) },
        "max_size": { cache, value, _ in cache.maxSize = try value.bytes() },
        "ttl": { cache, value, _ in cache.ttl = try value.seconds(in: 0...longestTTL) },
        "honour_upstream": { cache, value, _ in cache.honourUpstream = try value.bool() },
        "memory_items": { cache, value, _ in cache.memoryItems = try value.int(in: 0...10_000_000) },
        "memory_size": { cache, value, _ in cache.memorySize = try value.bytes() },
    ])

    private static let badgesSection = ConfigSection<Badges>([
        // Checked once the styles are read, wherever they stand in the file.
        "default_style": { badges, value, _ in badges.defaultStyle = try value.string() },
        "styles": { badges, value, context in
            for (name, styleNode) in try value.entries() {
                try checkName(name, path: styleNode.path)
                var file: String?
                try styleFileSection.read(styleNode, into: &file, context)
                guard let file else { throw ConfigError(styleNode.path, "expected {file: PATH.yml}") }
                do {
                    badges.styles[name] = try BadgeStyle.load(path: file)
                } catch {
                    throw ConfigError(styleNode.path + ".file", "\(error)")
                }
            }
        },
    ])

    /// `badges.styles.NAME`: `{file: PATH.yml}`.
    private static let styleFileSection = ConfigSection<String?>([
        "file": { file, value, context in file = resolve(try value.string(), in: context.directory) },
    ])

    private mutating func readBadges(_ node: ConfigNode, _ context: ConfigContext) throws {
        try Self.badgesSection.read(node, into: &badges, context)
        guard badges.styles[badges.defaultStyle] != nil else {
            throw ConfigError(node.path + ".default_style",
                              "no style '\(badges.defaultStyle)' (known: \(badges.styles.keys.sorted().joined(separator: ", ")))")
        }
    }

    private static let cardsSection = ConfigSection<Cards>([
        "image_source": { try imageSourceSection.read($1, into: &$0, $2) },
        "width": { cards, value, _ in
            cards.width = try value.double()
            guard (80...1000).contains(cards.width) else { throw ConfigError(value.path, "expected a width in 80…1000") }
        },
    ])

    /// `cards.image_source`: `{url: TEMPLATE}` with `{id}`.
    private static let imageSourceSection = ConfigSection<Cards>([
        "url": { cards, url, context in
            let template = SourceKind.resolving(try url.string(), in: context.directory)
            guard template.contains("{id}") else { throw ConfigError(url.path, "the template needs {id}") }
            guard template.hasPrefix("http://") || template.hasPrefix("https://") || template.hasPrefix("file://") else {
                throw ConfigError(url.path, "expected an http://, https:// or file:// template")
            }
            cards.imageSource = template
        },
    ])

    private static let limitsSection = ConfigSection<Limits>([
        "max_badge_count": { limits, value, _ in limits.maxBadgeCount = try value.int(in: 1...Int.max) },
        "max_scale": { limits, value, _ in limits.maxScale = try value.int(in: 1...4) },
        "max_text": { limits, value, _ in limits.maxText = try value.int(in: 1...10_000) },
        "max_upstream_bytes": { limits, value, _ in limits.maxUpstreamBytes = try value.bytes(in: 1...Int.max) },
        // Cairo's surfaces stop at 32767 pixels a side.
        "max_image_side": { limits, value, _ in limits.maxImageSide = try value.int(in: 1...32767) },
        "max_image_pixels": { limits, value, _ in limits.maxImagePixels = try value.pixels(in: 1...(1 << 30)) },
        // Twice this at @2x must stay within Cairo's 32767 pixels.
        "max_static_side": { limits, value, _ in limits.maxStaticSide = try value.int(in: 1...16383) },
        "max_filter": { limits, value, _ in limits.maxFilter = try value.bytes(in: 1...1_000_000) },
        "max_filter_depth": { limits, value, _ in limits.maxFilterDepth = try value.int(in: 1...256) },
    ])

    /// A layer while it is read: `source` is required, and `frames` is read once the source is known.
    private struct LayerDraft {
        var source: Source?
        var chain = RendererChain([])
        var format = ImageFormat.png
        var minzoom = 0, maxzoom = 22
        var attribution: String?
        var frames: ConfigNode?
    }

    private static let layerSection = ConfigSection<LayerDraft>([
        "source": { layer, value, context in layer.source = try source(value, context) },
        "chain": { layer, value, _ in
            do {
                layer.chain = try RendererChain(node: value.node, path: value.path)
            } catch let error as ChainError {
                throw ConfigError("", error.message)
            }
        },
        "format": { layer, value, _ in
            guard let format = ImageFormat(fileExtension: try value.string()) else { throw ConfigError(value.path, "expected png, jpeg or webp") }
            layer.format = format
        },
        "minzoom": { layer, value, _ in layer.minzoom = try value.int(in: 0...TileID.maximumZoom) },
        "maxzoom": { layer, value, _ in layer.maxzoom = try value.int(in: 0...TileID.maximumZoom) },
        "attribution": { layer, value, _ in layer.attribution = try value.string() },
        "frames": { layer, value, _ in layer.frames = value },
    ])

    private static func layer(_ name: String, _ node: ConfigNode, _ context: ConfigContext) throws -> Layer {
        var draft = LayerDraft()
        try layerSection.read(node, into: &draft, context)
        guard var source = draft.source else { throw ConfigError(node.path + ".source", "every layer needs a source") }
        guard draft.minzoom <= draft.maxzoom else { throw ConfigError(node.path + ".minzoom", "is above maxzoom (\(draft.maxzoom))") }
        let frames = try draft.frames.map { try Self.frames($0, sourceURL: source.url, context) }
        // An animation given by its frames' URLs needs no source URL of its own: the first frame's stands for it.
        if source.url.isEmpty, let first = frames?.urls.first { source.url = first }
        guard !source.url.isEmpty else { throw ConfigError(node.path + ".source.url", "every source needs a url") }
        if frames == nil, source.url.contains("{t}") {
            throw ConfigError(node.path + ".source.url", "{t} stands for the times of frames: {times: […]}, which this layer does not have")
        }
        return Layer(name: name, source: source, chain: draft.chain, format: draft.format, minzoom: draft.minzoom, maxzoom: draft.maxzoom,
                     attribution: draft.attribution, frames: frames)
    }

    private static let sourceSection = ConfigSection<Source>([
        "url": { source, value, context in source.url = try sourceURL(try value.string(), path: value.path, directory: context.directory) },
        "subdomains": { source, value, _ in source.subdomains = try value.strings() },
        "maxzoom": { source, value, _ in source.maxzoom = try value.int(in: 0...TileID.maximumZoom) },
        "timeout": { source, value, _ in source.http.timeout = try value.seconds(in: timeoutRange) },
        "connect_timeout": { source, value, _ in source.http.connectTimeout = try value.seconds(in: timeoutRange) },
        "deadline": { source, value, _ in source.http.deadline = try value.seconds(in: timeoutRange) },
        "retries": { source, value, _ in source.http.retries = try value.int(in: 0...10) },
        "connections": { source, value, _ in source.http.connectionsPerHost = try value.int(in: 1...256) },
        "headers": { source, value, _ in
            for (name, header) in try value.entries() {
                let text = try header.string()
                if name.caseInsensitiveCompare("User-Agent") == .orderedSame { source.http.userAgent = text } else { source.http.headers[name] = text }
            }
        },
    ])

    private static func source(_ node: ConfigNode, _ context: ConfigContext) throws -> Source {
        var source = Source(url: "")
        source.http.maximumBodyBytes = context.limits.maxUpstreamBytes
        // `source: tiles.pmtiles` is short for `source: {url: tiles.pmtiles}`.
        if let text = try? node.string() {
            source.url = try sourceURL(text, path: node.path, directory: context.directory)
            return source
        }
        try sourceSection.read(node, into: &source, context)
        return source
    }

    /// A source location, checked: an http(s):// or file:// template (a `{t}` stands for an
    /// animated layer's times), or an MBTiles or PMTiles archive (a path, a `file://` URL, or a remote
    /// `https://…/x.pmtiles`); relative files taken from `directory` (``SourceKind/resolving(_:in:)``).
    static func sourceURL(_ text: String, path: String, directory: String) throws(ConfigError) -> String {
        let url = SourceKind.resolving(text, in: directory)
        let kind: SourceKind
        do { kind = try SourceKind(url) } catch { throw ConfigError(path, error.message) }
        switch kind {
        case .mbtiles, .pmtiles, .remoteArchive:
            return url
        case .httpTemplate, .fileTemplate:
            do { _ = try URLTemplate(url.replacingOccurrences(of: "{t}", with: "t")) } catch { throw ConfigError(path, "\(error)") }
            return url
        case .transparent, .directory:
            throw ConfigError(path, "expected an http://, https:// or file:// template, an .mbtiles or a .pmtiles file")
        }
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

    /// `path` relative to `directory` unless it is absolute.
    static func resolve(_ path: String, in directory: String) -> String {
        path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
    }
}
