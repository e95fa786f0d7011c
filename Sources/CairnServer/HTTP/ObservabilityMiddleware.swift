import Dispatch
import HTTPTypes
import Hummingbird
import Logging

/// Around every request: CORS headers (and preflight answers), one log line (method, path, route,
/// status, duration, cache status) and the request metrics. Errors become their responses here, so
/// the log and the metrics see the status the client gets.
struct ObservabilityMiddleware<Context: RequestContext>: RouterMiddleware {
    let cors: String?
    let metrics: ServerMetrics
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = DispatchTime.now()
        var response: Response
        if request.method == .options, cors != nil {
            response = Response(status: .noContent)
            response.headers[.accessControlAllowMethods] = "GET, HEAD, POST, OPTIONS"
            response.headers[.accessControlAllowHeaders] = "Content-Type, If-None-Match"
            response.headers[.accessControlMaxAge] = "86400"
        } else {
            do {
                response = try await next(request, context)
            } catch let error as any HTTPResponseError {
                response = try error.response(from: request, context: context)
            }
        }
        if let cors {
            response.headers[.accessControlAllowOrigin] = cors
            response.headers[.accessControlExposeHeaders] = "ETag, Cache-Status, Content-Length"
        }
        let route = context.endpointPath ?? "unmatched"
        let status = Int(response.status.code)
        metrics.request(route: route, status: status, since: start)
        let level: Logger.Level = status >= 500 && status != 503 ? .warning : .info
        if logger.logLevel <= level {
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
            var metadata: Logger.Metadata = [
                "method": "\(request.method.rawValue)", "path": "\(request.uri.description.prefix(300))", "route": "\(route)",
                "status": "\(status)", "ms": "\((milliseconds * 100).rounded() / 100)",
            ]
            if let cacheStatus = response.headers[.cacheStatus] { metadata["cache"] = "\(cacheStatus)" }
            logger.log(level: level, "request", metadata: metadata)
        }
        return response
    }
}
