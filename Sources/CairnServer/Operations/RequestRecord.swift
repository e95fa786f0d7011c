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
    /// The logger's handler when it is Cairn's own (`cairn serve`'s): the line goes to it with its
    /// fields as values in key order, without a `Logger.Metadata` dictionary on the way.
    private let lines: LineLogHandler?

    init(metrics: ServerMetrics, logger: Logger) {
        self.metrics = metrics
        self.logger = logger
        loggedLevel = logger.logLevel
        lines = logger.handler as? LineLogHandler
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
        let nanoseconds = meter.record(since: start)
        let route = meter.route, status = meter.status
        let level: Logger.Level = status >= 500 && status != 503 ? .warning : .info
        guard loggedLevel <= level else { return }
        let milliseconds = Double(nanoseconds) / 1e6
        // In key order.
        var fields: LineLogHandler.Fields = []
        fields.reserveCapacity(7)
        if let cacheStatus { fields.append(("cache", .text(cacheStatus))) }
        if let failure, status >= 500 { fields.append(("error", .text(String(String(describing: failure).prefix(500))))) }
        fields.append(("method", .text(method.rawValue)))
        fields.append(("ms", .number((milliseconds * 100).rounded() / 100)))
        fields.append(("path", .text(target.utf8.count <= 300 ? target : String(target.prefix(300)))))
        fields.append(("route", .text(route)))
        fields.append(("status", .integer(status)))
        if let lines {
            lines.log(level: level, message: "request", fields: fields)
        } else {
            logger.log(level: level, "request", metadata: Logger.Metadata(uniqueKeysWithValues: fields.map { ($0.key, $0.value.metadata) }))
        }
    }
}
