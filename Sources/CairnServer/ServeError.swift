/// A request that cannot be answered with an image; each case knows its HTTP status, so errors
/// render themselves as responses (Hummingbird's style). Never a 500 for bad input.
package enum ServeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 400: a parameter that does not parse or is out of its limits.
    case badRequest(String)
    /// 403: a signed route's `sig=` is missing, wrong or expired.
    case forbidden(String)
    /// 404: unknown layer, tile outside the layer's zooms or the grid, or the source has no tile.
    case notFound(String)
    /// 401: an admin request without the right bearer token (answered with `WWW-Authenticate`).
    case unauthorized(String)
    /// 405: a route that does not take the request's method; `allow` (the `Allow` field) lists those it takes.
    case methodNotAllowed(method: String, allow: String)
    /// 409: the admin API is asked for something that conflicts with work under way (a second seed of a layer).
    case conflict(String)
    /// 413: a request body over the limit.
    case tooLarge(String)
    /// 500: a genuine internal failure (a render or encode that failed on good input); the text
    /// goes to the log, the client reads "internal error".
    case internalError(String)
    /// 502: the upstream answered with an error, garbage, a truncated or oversized body.
    case badUpstream(String)
    /// 503: the render queue is full, or `max_inflight_fetches` productions are under way; try again in a moment.
    case overloaded
    /// 503: the request was cancelled because the server is shutting down.
    case shuttingDown
    /// 504: the upstream did not answer in time.
    case upstreamTimeout(String)
    /// 507: a seed that would need more than the disk cache holds.
    case insufficientStorage(String)

    /// Any other error, as what it means for the client: a cancelled request is a shutdown, the rest internal failures.
    init(unexpected error: any Error) {
        if let error = error as? ServeError {
            self = error
        } else if error is CancellationError {
            self = .shuttingDown
        } else {
            self = .internalError(String(describing: error))
        }
    }

    var statusCode: Int {
        switch self {
        case .badRequest: 400
        case .unauthorized: 401
        case .forbidden: 403
        case .notFound: 404
        case .methodNotAllowed: 405
        case .conflict: 409
        case .tooLarge: 413
        case .internalError: 500
        case .badUpstream: 502
        case .overloaded, .shuttingDown: 503
        case .upstreamTimeout: 504
        case .insufficientStorage: 507
        }
    }

    var message: String {
        switch self {
        case .badRequest(let text), .notFound(let text), .tooLarge(let text), .internalError(let text), .badUpstream(let text),
             .upstreamTimeout(let text), .unauthorized(let text), .forbidden(let text), .conflict(let text),
             .insufficientStorage(let text): text
        case .methodNotAllowed(let method, let allow): "\(method.prefix(32)) is not a method this route takes (it takes \(allow))"
        case .overloaded: "overloaded: too many renders or upstream fetches in progress; retry shortly"
        case .shuttingDown: "the server is shutting down; retry shortly"
        }
    }

    /// The message: what a log line, a seed's failure and `cairn cache seed` say of the error.
    package var description: String { message }

    /// What the response body says: the message, except for internal failures, whose details stay in the log.
    var publicMessage: String {
        if case .internalError = self { return "internal error" }
        return message
    }
}
