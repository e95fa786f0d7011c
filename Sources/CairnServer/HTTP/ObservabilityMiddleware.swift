import Dispatch
import HTTPTypes
import Hummingbird
import Logging

/// Around every request: CORS headers (and preflight answers), one log line (method, path, route,
/// status, duration, cache status) and the request metrics (``RequestRecord``). Errors become their
/// responses here, so the log and the metrics see the status the client gets: a ``ServeError`` (or
/// Hummingbird's own errors) answers with its status; anything else is a genuine internal failure,
/// a 500 whose cause goes to the log only.
struct ObservabilityMiddleware<Context: RequestContext>: RouterMiddleware {
    let cors: String?
    let record: RequestRecord
    let requests: RequestsInFlight

    init(cors: String?, metrics: ServerMetrics, requests: RequestsInFlight, logger: Logger) {
        self.cors = cors
        record = RequestRecord(metrics: metrics, logger: logger)
        self.requests = requests
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await requests.counting {
            let start = DispatchTime.now()
            let (answered, failure) = try await answer(request, context: context, next: next)
            var response = answered
            if let cors { CORS.apply(cors, to: &response.headers) }
            record.finished(method: request.method, target: request.uri.description, route: context.endpointPath ?? "unmatched",
                            status: Int(response.status.code), cacheStatus: response.headers[.cacheStatus], failure: failure, since: start)
            return response
        }
    }

    /// The response, and the error it stands for if one was thrown.
    private func answer(_ request: Request, context: Context,
                        next: (Request, Context) async throws -> Response) async throws -> (Response, (any Error)?) {
        if request.method == .options, cors != nil { return (CORS.preflight, nil) }
        do {
            return (try await next(request, context), nil)
        } catch let error as ServeError {
            return (try error.response(from: request, context: context), error)
        } catch let error as any HTTPResponseError {
            return (ErrorAnswer(error).response, error)
        } catch {
            return (try ServeError(unexpected: error).response(from: request, context: context), error)
        }
    }
}
