import CoreMetrics
import Dispatch
import Foundation
import Prometheus
import Synchronization

/// The Prometheus metrics `/metrics` exposes, through swift-metrics with swift-prometheus: requests
/// by route and status, request/render/upstream latency histograms, cache hits, misses, evictions
/// and bytes, the render queue, upstream errors by kind, and the log batches that could not be
/// written. Uses its own registry, not the global metrics system, so every server (and test) has its
/// own numbers.
struct ServerMetrics: Sendable {
    let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory
    /// Request counters and timers by route and status, made once (the hot path of every request).
    private let requestMetrics = RequestMetrics()
    private let logWriteFailures: LogWriteFailureMeter

    /// `logOutput` is where the server's log lines go (nil when its logger writes elsewhere): its
    /// failed writes are `cairn_log_write_failures_total`.
    init(logOutput: LogOutput? = nil) {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
            .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
            .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
        ]
        self.factory = factory
        logWriteFailures = LogWriteFailureMeter(output: logOutput, factory: factory)
    }

    /// The Prometheus text exposition of every metric.
    func exposition() -> [UInt8] {
        logWriteFailures.update()
        return registry.emitToBuffer()
    }

    /// The request counter and timer of `route` answered with `status` (looked up under a lock: a
    /// hot path keeps the meter of the routes it answers, made once).
    func requestMeter(route: String, status: Int) -> RequestMeter {
        let (counter, timer) = requestMetrics.handles(route: route, status: status, factory: factory)
        return RequestMeter(route: route, status: status, counter: counter, timer: timer)
    }

    func renderFinished(layer: String, since start: DispatchTime) {
        Timer(label: "cairn_render_duration_seconds", dimensions: [("layer", layer)], factory: factory)
            .recordNanoseconds(Int64(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds))
    }

    func upstreamFinished(layer: String, since start: DispatchTime) {
        Timer(label: "cairn_upstream_duration_seconds", dimensions: [("layer", layer)], factory: factory)
            .recordNanoseconds(Int64(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds))
    }

    func upstreamError(kind: String) {
        Counter(label: "cairn_upstream_errors_total", dimensions: [("kind", kind)], factory: factory).increment()
    }

    /// The counter of requests answered by the hot lane (each also counted in the request metrics,
    /// as every request), for the lane to keep: made when the lane is, listed from then on.
    func hotLaneAnswers() -> CoreMetrics.Counter {
        CoreMetrics.Counter(label: "cairn_hot_lane_answers_total", factory: factory)
    }

    /// The counters of cache lookups of `kind` (tile, badge, card…), for a service to keep.
    func cacheLookups(kind: String) -> CacheLookupMeter {
        CacheLookupMeter(hits: CoreMetrics.Counter(label: "cairn_cache_hits_total", dimensions: [("kind", kind)], factory: factory),
                         misses: CoreMetrics.Counter(label: "cairn_cache_misses_total", dimensions: [("kind", kind)], factory: factory))
    }

    func cacheEvicted(tiles: Int, bytes: Int) {
        Counter(label: "cairn_cache_evictions_total", factory: factory).increment(by: tiles)
        Counter(label: "cairn_cache_evicted_bytes_total", factory: factory).increment(by: bytes)
    }

    func datasetLoaded(_ dataset: String, points: Int) {
        Counter(label: "cairn_dataset_loads_total", dimensions: [("dataset", dataset)], factory: factory).increment()
        Gauge(label: "cairn_dataset_points", dimensions: [("dataset", dataset)], factory: factory).record(points)
    }

    /// A filtered index of `dataset` was built for a query filter.
    func filterBuilt(_ dataset: String, since start: DispatchTime) {
        Counter(label: "cairn_cluster_filter_builds_total", dimensions: [("dataset", dataset)], factory: factory).increment()
        Timer(label: "cairn_cluster_filter_build_duration_seconds", dimensions: [("dataset", dataset)], factory: factory)
            .recordNanoseconds(Int64(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds))
    }

    func datasetRefreshFailed(_ dataset: String) {
        Counter(label: "cairn_dataset_refresh_failures_total", dimensions: [("dataset", dataset)], factory: factory).increment()
    }

    /// How long a load of the dataset took (the first and every refresh, successful or not).
    func datasetLoadTimed(_ dataset: String, duration: Duration) {
        let (seconds, attoseconds) = duration.components
        Timer(label: "cairn_dataset_refresh_duration_seconds", dimensions: [("dataset", dataset)], factory: factory)
            .recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    /// A change notice (PostgreSQL `NOTIFY`) for the dataset arrived.
    func datasetNotified(_ dataset: String) {
        Counter(label: "cairn_dataset_notifications_total", dimensions: [("dataset", dataset)], factory: factory).increment()
    }

    /// Whether the dataset's listening connection is up (1) or being re-established (0).
    func datasetListening(_ dataset: String, _ listening: Bool) {
        Gauge(label: "cairn_dataset_listening", dimensions: [("dataset", dataset)], factory: factory).record(listening ? 1 : 0)
    }

    /// Seconds since each dataset's last successful load at `now` (seconds since 1970 on the
    /// server's clock, which stamped the loads; refreshed when `/metrics` is scraped); none before
    /// its first.
    func datasetAges(_ loads: [(dataset: String, loadedAt: Date?)], now: Double) {
        for (dataset, loadedAt) in loads {
            guard let loadedAt else { continue }
            Gauge(label: "cairn_dataset_seconds_since_refresh", dimensions: [("dataset", dataset)], factory: factory)
                .record(now - loadedAt.timeIntervalSince1970)
        }
    }

    /// A request to a signed route refused (`reason`: missing, malformed, mismatch, expired).
    func signatureRejected(reason: String) {
        requestMetrics.counter("cairn_signature_rejections_total", ("reason", reason), factory: factory).increment()
    }

    /// A tile, badge or card that could not be stored in the disk cache (and was served anyway).
    func cacheWriteFailed() {
        Counter(label: "cairn_cache_write_failures_total", factory: factory).increment()
    }

    /// An `/admin/` request turned away: `missing` token or `invalid` token.
    func adminUnauthorized(reason: String) {
        Counter(label: "cairn_admin_unauthorized_total", dimensions: [("reason", reason)], factory: factory).increment()
    }

    /// Cache entries and bytes of each layer, dataset, badges and cards (`cairn_cache_group_tiles`,
    /// `cairn_cache_group_bytes`, labelled `kind` and `name`), as the server's disk index counts them.
    func cacheGroups(_ groups: [(group: CacheGroup, tiles: Int, bytes: Int)]) {
        for (group, tiles, bytes) in groups {
            let labels = [("kind", group.kind), ("name", group.name ?? "")]
            Gauge(label: "cairn_cache_group_tiles", dimensions: labels, factory: factory).record(tiles)
            Gauge(label: "cairn_cache_group_bytes", dimensions: labels, factory: factory).record(bytes)
        }
    }

    /// Point-in-time gauges, refreshed when `/metrics` is scraped.
    func gauges(cacheBytes: Int, cacheTiles: Int, queued: Int, rendering: Int, producing: Int, requests: Int) {
        Gauge(label: "cairn_cache_bytes", factory: factory).record(cacheBytes)
        Gauge(label: "cairn_cache_tiles", factory: factory).record(cacheTiles)
        Gauge(label: "cairn_render_queue_depth", factory: factory).record(queued)
        Gauge(label: "cairn_renders_in_flight", factory: factory).record(rendering)
        // Tiles and cards being fetched upstream and rendered (bounded by server.max_inflight_fetches).
        Gauge(label: "cairn_productions_in_flight", factory: factory).record(producing)
        Gauge(label: "cairn_http_requests_in_flight", factory: factory).record(requests)
    }
}

/// The per-request counters and timers, created on first use and then reused (looking them up in
/// the factory on every request costs more than the request's own work on a cache hit).
private final class RequestMetrics: Sendable {
    /// A counter's label and its one dimension's value: hashed as they are, no key string made per lookup.
    private struct CounterKey: Hashable {
        let label: String
        let value: String?
    }

    private struct RouteKey: Hashable {
        let route: String
        let status: Int
    }

    private let handles = Mutex<[RouteKey: (CoreMetrics.Counter, CoreMetrics.Timer)]>([:])
    private let counters = Mutex<[CounterKey: CoreMetrics.Counter]>([:])

    func counter(_ label: String, _ dimension: (String, String)?, factory: PrometheusMetricsFactory) -> CoreMetrics.Counter {
        let key = CounterKey(label: label, value: dimension?.1)
        if let found = counters.withLock({ $0[key] }) { return found }
        let made = CoreMetrics.Counter(label: label, dimensions: dimension.map { [$0] } ?? [], factory: factory)
        counters.withLock { $0[key] = made }
        return made
    }

    func handles(route: String, status: Int, factory: PrometheusMetricsFactory) -> (CoreMetrics.Counter, CoreMetrics.Timer) {
        let key = RouteKey(route: route, status: status)
        if let found = handles.withLock({ $0[key] }) { return found }
        let made = (CoreMetrics.Counter(label: "cairn_http_requests_total", dimensions: [("route", route), ("status", String(status))], factory: factory),
                    CoreMetrics.Timer(label: "cairn_http_request_duration_seconds", dimensions: [("route", route)], factory: factory))
        handles.withLock { $0[key] = made }
        return made
    }
}

/// `cairn_log_write_failures_total`: the log batches the server's ``LogOutput`` could not write (a
/// full disk, a closed stderr), brought up to the output's count when the metrics are read. Listed
/// from the start, at 0.
private final class LogWriteFailureMeter: Sendable {
    private let output: LogOutput?
    private let counter: CoreMetrics.Counter
    /// The output's count the counter has reached.
    private let counted = Mutex(0)

    init(output: LogOutput?, factory: PrometheusMetricsFactory) {
        self.output = output
        counter = CoreMetrics.Counter(label: "cairn_log_write_failures_total", factory: factory)
    }

    func update() {
        guard let output else { return }
        let failures = output.failedWrites
        let added = counted.withLock { counted in
            defer { counted = max(counted, failures) }
            return max(0, failures - counted)
        }
        if added > 0 { counter.increment(by: added) }
    }
}
