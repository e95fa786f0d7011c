import Dispatch
import HTTPTypes
import Logging

/// What every answered request leaves behind, whichever way it was answered (the router's
/// middleware or the hot lane): its count and duration in the request metrics, by the route's
/// template, and one log line — 5xx other than 503 at warning, with the error.
struct RequestRecord: Sendable {
    let metrics: ServerMetrics
    let logger: Logger
    /// The logger's level, read once: reading it through the logger copies its handler, a few
    /// per cent of a cached hit's work when nothing is logged.
    private let loggedLevel: Logger.Level

    init(metrics: ServerMetrics, logger: Logger) {
        self.metrics = metrics
        self.logger = logger
        loggedLevel = logger.logLevel
    }

    /// `target` is the request's target as sent (path and query); `cacheStatus` the answer's `Cache-Status`.
    func finished(method: HTTPRequest.Method, target: String, route: String, status: Int, cacheStatus: String?,
                  failure: (any Error)? = nil, since start: DispatchTime) {
        finished(method: method, target: target, meter: metrics.requestMeter(route: route, status: status),
                 cacheStatus: cacheStatus, failure: failure, since: start)
    }

    /// The same, counted with a meter the caller keeps for its route and status.
    func finished(method: HTTPRequest.Method, target: String, meter: RequestMeter, cacheStatus: String?,
                  failure: (any Error)? = nil, since start: DispatchTime) {
        meter.record(since: start)
        let route = meter.route, status = meter.status
        let level: Logger.Level = status >= 500 && status != 503 ? .warning : .info
        guard loggedLevel <= level else { return }
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
        var metadata: Logger.Metadata = [
            "method": "\(method.rawValue)", "path": "\(target.prefix(300))", "route": "\(route)",
            "status": "\(status)", "ms": "\((milliseconds * 100).rounded() / 100)",
        ]
        if let cacheStatus { metadata["cache"] = "\(cacheStatus)" }
        if let failure, status >= 500 { metadata["error"] = "\(String(describing: failure).prefix(500))" }
        logger.log(level: level, "request", metadata: metadata)
    }
}
