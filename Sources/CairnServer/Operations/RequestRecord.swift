import Dispatch
import HTTPTypes
import Logging

/// What every answered request leaves behind, whichever way it was answered (the router's
/// middleware or the hot lane): its count and duration in the request metrics, by the route's
/// template, and one log line — 5xx other than 503 at warning, with the error.
struct RequestRecord: Sendable {
    let metrics: ServerMetrics
    let logger: Logger

    /// `target` is the request's target as sent (path and query); `cacheStatus` the answer's `Cache-Status`.
    func finished(method: HTTPRequest.Method, target: String, route: String, status: Int, cacheStatus: String?,
                  failure: (any Error)? = nil, since start: DispatchTime) {
        metrics.request(route: route, status: status, since: start)
        let level: Logger.Level = status >= 500 && status != 503 ? .warning : .info
        guard logger.logLevel <= level else { return }
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
