/// A request that cannot be answered with an image; each case knows its HTTP status, so errors
/// render themselves as responses (Hummingbird's style). Never a 500 for bad input.
enum ServeError: Error, Equatable, Sendable {
    /// 400: a parameter that does not parse or is out of its limits.
    case badRequest(String)
    /// 404: unknown layer, tile outside the layer's zooms or the grid, or the source has no tile.
    case notFound(String)
    /// 413: a request body over the limit.
    case tooLarge(String)
    /// 502: the upstream answered with an error, garbage, a truncated or oversized body.
    case badUpstream(String)
    /// 503: the render queue is full; try again in a moment.
    case overloaded
    /// 504: the upstream did not answer in time.
    case upstreamTimeout(String)

    var statusCode: Int {
        switch self {
        case .badRequest: 400
        case .notFound: 404
        case .tooLarge: 413
        case .badUpstream: 502
        case .overloaded: 503
        case .upstreamTimeout: 504
        }
    }

    var message: String {
        switch self {
        case .badRequest(let text), .notFound(let text), .tooLarge(let text), .badUpstream(let text), .upstreamTimeout(let text): text
        case .overloaded: "overloaded: too many renders waiting; retry shortly"
        }
    }
}
