import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Tiles

/// `cairn serve`: tiles through their chains, cluster badges and info-window cards over HTTP, with a
/// disk cache, HTTP caching semantics, Prometheus metrics and graceful shutdown.
public struct CairnServer: Sendable {
    let config: ServerConfig
    let logger: Logger
    let services: Services

    /// Everything the routes use, built once from the configuration.
    struct Services: Sendable {
        /// Every layer's service; an animated layer's is its first frame's (TileJSON, static maps).
        let layers: [String: LayerService]
        /// The animated layers (`frames:`).
        let animations: [String: AnimatedLayer]
        let badges: BadgeService
        let cards: CardService
        let clusters: ClusterService
        let density: DensityService
        let statics: StaticService
        let renders: RenderQueue
        let productions: ProductionLimit
        let cache: DiskCache
        let metrics: ServerMetrics
        /// The server's one clock (a test's `TestClock` in process).
        let clock: any WallClock
        let seedJobs = SeedJobs()
        let requests = RequestsInFlight()
        let started = Date()
    }

    /// Checks and opens everything the configuration names (cache directory, sources, styles);
    /// throws before anything listens when something is wrong. `clock` tells the layers when tiles
    /// are stored and go stale, and the datasets when to refresh.
    public init(config: ServerConfig, logger: Logger, clock: any WallClock = SystemWallClock()) throws {
        self.config = config
        self.logger = logger
        for warning in config.warnings { logger.warning("\(warning)") }
        let metrics = ServerMetrics(logOutput: (logger.handler as? LineLogHandler)?.output)
        let failures = CacheWriteFailures(logger: logger) { metrics.cacheWriteFailed() }
        let cache = try DiskCache(root: config.cache.directory, capacity: config.cache.maxSize, layout: CacheLayout(config: config),
                                  failures: failures) { tiles, bytes in
            metrics.cacheEvicted(tiles: tiles, bytes: bytes)
        }
        let workers = config.server.renderWorkers ?? RenderWorkerCount.automatic
        let renders = RenderQueue(pool: WorkerPool(threads: workers), limit: config.server.queue)
        let productions = ProductionLimit(limit: config.server.maxInflightFetches ?? config.server.queue + workers)
        var layers: [String: LayerService] = [:]
        var animations: [String: AnimatedLayer] = [:]
        let animationMemory = MemoryCache<String, ServedImage>(tier: config.cache)
        cache.attach(animationMemory)
        for layer in config.layers {
            let make = { (layer: ServerConfig.Layer) in
                try LayerService(layer: layer, cache: cache, renders: renders, productions: productions,
                                 policy: config.cache, metrics: metrics, decodeLimits: config.limits.decode, clock: clock)
            }
            do {
                if let frames = layer.frames {
                    let animated = try AnimatedLayer(layer: layer, frames: frames, make: make,
                                                     store: ImageStore(memory: animationMemory, disk: cache, metrics: metrics, kind: "animation"),
                                                     renders: renders, decodeLimits: config.limits.decode)
                    animations[layer.name] = animated
                    layers[layer.name] = animated.services[0].service
                } else {
                    layers[layer.name] = try make(layer)
                }
            } catch {
                throw ConfigError("layers.\(layer.name).source", "\(error)")
            }
        }
        let memory = MemoryCache<String, ServedImage>(tier: config.cache)
        cache.attach(memory)
        let cards = CardService(cards: config.cards, limits: config.limits,
                                store: ImageStore(memory: memory, disk: cache, metrics: metrics, kind: "card"), renders: renders,
                                productions: productions)
        var datasets: [String: DatasetService] = [:]
        for var dataset in config.datasets {
            let style = config.badges.styles[dataset.style ?? config.badges.defaultStyle] ?? .google
            do {
                if dataset.radiusFromStyle {
                    dataset.cluster.radius = try BadgeSpacing.radius(style: style, label: dataset.label, extent: dataset.cluster.extent)
                }
                datasets[dataset.name] = try DatasetService(dataset: dataset, style: style, metrics: metrics, logger: logger, clock: clock)
            } catch {
                throw ConfigError("datasets.\(dataset.name).style", "\(error)")
            }
        }
        let clusterMemory = MemoryCache<String, ServedImage>(tier: config.cache)
        cache.attach(clusterMemory)
        let clusterService = ClusterService(datasets: datasets, store: ImageStore(memory: clusterMemory, disk: cache, metrics: metrics, kind: "cluster"),
                                            renders: renders, cards: cards, maxAge: 60,
                                            maxFilter: config.limits.maxFilter, maxFilterDepth: config.limits.maxFilterDepth)
        services = Services(
            layers: layers,
            animations: animations,
            badges: BadgeService(badges: config.badges, limits: config.limits,
                                 store: ImageStore(memory: memory, disk: cache, metrics: metrics, kind: "badge"), renders: renders),
            cards: cards,
            clusters: clusterService,
            density: DensityService(clusters: clusterService),
            statics: StaticService(layers: layers, animations: animations, clusters: clusterService,
                                   store: ImageStore(memory: clusterMemory, disk: cache, metrics: metrics, kind: "static"),
                                   renders: renders, limits: config.limits),
            renders: renders, productions: productions, cache: cache, metrics: metrics, clock: clock)
    }

    /// The `Server` header of every answer.
    static let serverName = "cairn"

    /// Connections the kernel queues while the server does not accept (a burst, or
    /// `max_connections` reached); Linux caps it at `net.core.somaxconn` (4096 by default).
    static let listenBacklog = 4096

    /// Reads and indexes every dataset, all at once; throws the first that cannot be loaded (the
    /// server must not start without it).
    public func loadDatasets() async throws(DatasetLoadError) {
        let datasets = Array(services.clusters.datasets.values)
        let failures = await withTaskGroup(of: DatasetLoadError?.self) { group in
            for dataset in datasets {
                group.addTask {
                    do throws(DatasetLoadError) { try await dataset.load(); return nil } catch { return error }
                }
            }
            var failures: [DatasetLoadError] = []
            for await failure in group { if let failure { failures.append(failure) } }
            return failures
        }
        if let first = failures.min(by: { $0.dataset < $1.dataset }) { throw first }
    }

    /// Re-reads every dataset now (what SIGHUP does), keeping the served index of any that fails.
    public func refreshDatasets() async {
        for dataset in services.clusters.datasets.values { await dataset.refresh(reason: "SIGHUP") }
    }

    /// The admin API on its own address (`admin.listen`), when it is on and has one.
    private func adminApplication() -> (any Service)? {
        guard config.admin.token != nil, let (host, port) = config.admin.listen else { return nil }
        let logger = logger
        return Application(
            router: Routes.adminRouter(server: self, logger: logger),
            configuration: .init(address: .hostname(host, port: port), serverName: Self.serverName),
            onServerRunning: { channel in
                logger.notice("admin API listening", metadata: ["address": "\(host):\(channel.localAddress?.port ?? port)", "path": "/admin/"])
            },
            logger: logger)
    }

    /// Serves until SIGTERM or SIGINT, then stops accepting connections, lets the requests in flight
    /// finish (at most `shutdown_grace` seconds) and returns — normally, also when the grace period
    /// cut requests off (logged as a warning with their number): a signal-initiated stop is a
    /// clean exit. Throws when serving fails otherwise (the port is taken). `onListening` hears the
    /// bound port (useful with port 0).
    public func run(onListening: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        let app = Application(
            router: Routes.router(services: services, config: config, logger: logger, admin: self),
            server: .cairn(config.server, lane: config.server.hotLane ? HotLane(services: services, config: config, logger: logger) : nil),
            configuration: .init(address: .hostname(config.server.host, port: config.server.port), serverName: Self.serverName,
                                 backlog: Self.listenBacklog,
                                 availableConnectionsDelegate: .maximum(config.server.maxConnections, logger: logger)),
            onServerRunning: { channel in
                // One connection per accept, so no burst can take more than max_connections.
                try? await channel.setOption(ChannelOptions.maxMessagesPerRead, value: 1)
                onListening(channel.localAddress?.port ?? 0)
            },
            logger: logger)
        let watch = ShutdownWatch(requests: services.requests)
        let refresher = DatasetRefresher(server: self)
        var running: [ServiceGroupConfiguration.ServiceConfiguration] = [
            .init(service: app), .init(service: watch, successTerminationBehavior: .ignore),
            .init(service: refresher, successTerminationBehavior: .ignore),
        ]
        if let admin = adminApplication() { running.append(.init(service: admin)) }
        var configuration = ServiceGroupConfiguration(
            services: running,
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = .milliseconds(Int64(config.server.shutdownGrace * 1000))
        let group = ServiceGroup(configuration: configuration)
        do {
            try await group.run()
        } catch where watch.began {
            logger.debug("the service group ended with an error during shutdown", metadata: ["error": "\(error)"])
        }
        if watch.cutOff > 0 {
            logger.warning("shutdown_grace exceeded: requests cut off",
                           metadata: ["requests": .stringConvertible(watch.cutOff), "grace_seconds": .stringConvertible(config.server.shutdownGrace)])
        }
        await close()
    }

    /// Closes the sources' connections (every layer's, every animation frame's, the cards'
    /// thumbnails') and stops the render threads; the server is not used afterwards. Whoever made
    /// a server calls it when done (`run` does): an HTTP client left open traps when freed.
    public func close() async {
        let frames = services.animations.values.flatMap { $0.services.dropFirst().map(\.service) }  // the first is in layers
        for layer in Array(services.layers.values) + frames { await layer.source.close() }
        await services.cards.fetcher?.close()
        services.renders.pool.shutdown()
    }
}
