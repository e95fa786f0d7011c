import Dispatch
import HTTPTypes
import Hummingbird
import Logging

/// Around every request: CORS headers (and preflight answers), one log line (method, path, route,
/// status, duration, cache status) and the request metrics. Errors become their responses here, so
/// the log and the metrics see the status the client gets: a ``ServeError`` (or Hummingbird's own
/// errors) answers with its status; anything else is a genuine internal failure, a 500 whose cause
/// goes to the log only.
struct ObservabilityMiddleware<Context: RequestContext>: RouterMiddleware {
    let cors: String?
    let metrics: ServerMetrics
    let requests: RequestsInFlight
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await requests.counting {
            let start = DispatchTime.now()
            let (answered, failure) = try await answer(request, context: context, next: next)
            var response = answered
            if let cors {
                response.headers[.accessControlAllowOrigin] = cors
                response.headers[.accessControlExposeHeaders] = "ETag, Cache-Status, Content-Length"
            }
            log(request, response, failure: failure, route: context.endpointPath ?? "unmatched", since: start)
            return response
        }
    }

    /// The response, and the error it stands for if one was thrown.
    private func answer(_ request: Request, context: Context,
                        next: (Request, Context) async throws -> Response) async throws -> (Response, (any Error)?) {
        if request.method == .options, cors != nil {
            var response = Response(status: .noContent)
            response.headers[.accessControlAllowMethods] = "GET, HEAD, POST, OPTIONS"
            response.headers[.accessControlAllowHeaders] = "Content-Type, If-None-Match"
            response.headers[.accessControlMaxAge] = "86400"
            return (response, nil)
        }
        do {
            return (try await next(request, context), nil)
        } catch let error as any HTTPResponseError {
            return (try error.response(from: request, context: context), error)
        } catch {
            return (try ServeError(unexpected: error).response(from: request, context: context), error)
        }
    }

    /// Counts the request and logs its line: 5xx other than 503 at warning, with the error.
    private func log(_ request: Request, _ response: Response, failure: (any Error)?, route: String, since start: DispatchTime) {
        let status = Int(response.status.code)
        metrics.request(route: route, status: status, since: start)
        let level: Logger.Level = status >= 500 && status != 503 ? .warning : .info
        guard logger.logLevel <= level else { return }
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
        var metadata: Logger.Metadata = [
            "method": "\(request.method.rawValue)", "path": "\(request.uri.description.prefix(300))", "route": "\(route)",
            "status": "\(status)", "ms": "\((milliseconds * 100).rounded() / 100)",
        ]
        if let cacheStatus = response.headers[.cacheStatus] { metadata["cache"] = "\(cacheStatus)" }
        if let failure, status >= 500 { metadata["error"] = "\(String(describing: failure).prefix(500))" }
        logger.log(level: level, "request", metadata: metadata)
    }
}
