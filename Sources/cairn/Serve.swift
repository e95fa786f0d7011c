import ArgumentParser
import CairnServer
import Foundation
import Logging

extension LineLogHandler.Format: ExpressibleByArgument {}
extension Logger.Level: @retroactive ExpressibleByArgument {}

extension Cairn {
    /// `cairn serve`: the rendering service.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve tiles through their chains, cluster badges and cards over HTTP.",
            discussion: """
                Routes (all of them; docs/http-api.md; GET /openapi.json):
                GET /tiles/{layer}/{z}/{x}/{y}[@2x].{png|jpg|webp}
                GET /tiles/{layer}.json (TileJSON 3.0.0)
                GET /static/{layer}/{lon},{lat},{zoom}/{w}x{h}[@2x].{ext}
                GET /static/{layer}/{W},{S},{E},{N}/{w}x{h}[@2x].{ext}
                GET /badges/{count}.png?style=&scale=&label=
                GET /cards/{image_id}.png?title=&subtitle=&scale=&theme=
                POST /cards.png
                GET /clusters/{dataset}?bbox=W,S,E,N&zoom=Z&extent=bbox|hull (GeoJSON)
                GET /clusters/{dataset}/{id}/children, …/{id}/leaves, …/{id}/expansion-zoom
                GET /clusters/{dataset}/{z}/{x}/{y}.mvt|[@2x].png|[@2x].webp
                GET /clusters/{dataset}/points/{id}/card.png
                GET /heatmap/{dataset}/{z}/{x}/{y}[@2x].png|webp?filter=&weight=&radius=&kernel=&ramp=&opacity=
                GET /grid/{dataset}/{z}/{x}/{y}.mvt|.geojson|[@2x].png|[@2x].webp?filter=&cell=&shape=&geometry=
                GET /wmts/1.0.0/WMTSCapabilities.xml, /wmts?SERVICE=WMTS&REQUEST=GetCapabilities|GetTile (WMTS 1.0)
                GET /wmts/1.0.0/{layer}/default/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.png
                GET /ogcapi, /ogcapi/conformance, /ogcapi/tileMatrixSets/{id} (OGC API – Tiles 1.0)
                GET /ogcapi/collections/{id}, …/{id}/map/tiles/{tms}/{z}/{row}/{col}, …/{id}/tiles/{tms}/{z}/{row}/{col}
                GET / (the map page), /catalog.json, /assets/cairn/{file},
                    /assets/leaflet/{file}, /assets/leaflet/images/{image}
                GET /health, /metrics (Prometheus), /openapi.json
                With an admin token (admin.token_file, CAIRN_ADMIN_TOKEN):
                GET|DELETE /admin/cache, DELETE /admin/cache/{layer},
                POST /admin/cache/{layer}/seed, GET /admin/jobs,
                GET|DELETE /admin/jobs/{id}, POST /admin/datasets/{name}/refresh
                SIGHUP re-reads every dataset.
                The configuration: --config FILE, else $CAIRN_CONFIG, else ./cairn.yml, else /etc/cairn/cairn.yml;
                the log's first line names it (configuration config=PATH from=…).
                CAIRN_HOST, CAIRN_PORT and CAIRN_CACHE_DIR override the configuration; --host and --port override those.
                SIGTERM or SIGINT: stop accepting, finish the requests in flight, exit 0.
                """)

        @OptionGroup var configFile: ConfigOption

        @Option(help: ArgumentHelp("Address to listen on (overrides the configuration and CAIRN_HOST).", valueName: "H"))
        var host: String?

        @Option(help: ArgumentHelp("Port to listen on; 0 picks a free one (overrides the configuration and CAIRN_PORT).", valueName: "P"))
        var port: Int?

        @Option(help: ArgumentHelp("trace, debug, info, notice, warning, error or critical.", valueName: "LEVEL"))
        var logLevel: Logger.Level = .info

        @Option(help: ArgumentHelp("text, or json for one JSON object per line.", valueName: "FORMAT"))
        var logFormat: LineLogHandler.Format = .text

        @OptionGroup var global: FontOptions

        func validate() throws {
            if let port, !(0...65535).contains(port) { throw ValidationError("--port must be in 0…65535 (got \(port))") }
        }

        func run() async throws {
            try global.configureFonts()
            let file = try configFile.locate()
            var settings = try configFile.load(file)
            let config = file.path
            if let host { settings.server.host = host }
            if let port { settings.server.port = port }
            let level = logLevel, format = logFormat
            LoggingSystem.bootstrap { LineLogHandler(label: $0, level: level, format: format) }
            let logger = Logger(label: "cairn")
            logger.notice("configuration", metadata: ["config": "\(file.path)", "from": "\(file.origin.rawValue)"])
            if let warning = settings.nothingConfiguredWarning { logger.warning("\(warning)", metadata: ["config": "\(file.path)"]) }
            let server: CairnServer
            do {
                server = try CairnServer(config: settings, logger: logger)
            } catch let error as ConfigError {
                throw CLIError.usage("\(config): \(error)")
            } catch {
                throw CLIError.io("\(error)")
            }
            // SIGHUP re-reads the datasets once serving; until then it must not end the process.
            signal(SIGHUP, SIG_IGN)
            do {
                try await server.loadDatasets()
            } catch {
                throw error.io ? CLIError.io("\(config): \(error)") : CLIError.data("\(config): \(error)")
            }
            // Signals end the server gracefully (ServiceLifecycle); the first one must not exit at once.
            Interruption.stopCooperatively()
            let host = settings.server.host
            let layerNames = settings.layers.map(\.name).joined(separator: ",")
            let datasetNames = settings.datasets.map(\.name).joined(separator: ",")
            let page = settings.page
            let cacheDirectory = settings.cache.directory
            if page.enabled, !page.hasLeaflet {
                logger.warning("the map page needs Leaflet", metadata: ["missing": "\(page.leaflet)/\(ServerConfig.Page.leafletScript)",
                                                                        "fix": "apt-get install libjs-leaflet, or set page.leaflet"])
            }
            // The page's link is one a browser can open: a wildcard address is reached on loopback.
            let pageHost = ["0.0.0.0", "::", "[::]"].contains(host) ? "127.0.0.1" : host
            do {
                try await server.run { port in
                    var metadata: Logger.Metadata = ["url": "http://\(host):\(port)", "layers": "\(layerNames)", "datasets": "\(datasetNames)",
                                                     "cache": "\(cacheDirectory)"]
                    if page.enabled { metadata["page"] = "http://\(pageHost):\(port)/" }
                    logger.notice("listening", metadata: metadata)
                }
            } catch {
                throw CLIError.io("cannot serve on \(host):\(settings.server.port): \(error)")
            }
            logger.info("stopped")
        }
    }
}
