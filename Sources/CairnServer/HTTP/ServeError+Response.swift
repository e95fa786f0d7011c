import Hummingbird

extension ServeError: HTTPResponseError {
    package var status: HTTPResponse.Status { HTTPResponse.Status(code: statusCode) }

    package var headers: HTTPFields {
        var headers: HTTPFields = [:]
        // A tile that does not exist stays missing for a while: let proxies and browsers remember that.
        if case .notFound = self { headers[.cacheControl] = "public, max-age=60" }
        if statusCode == 503 { headers[.retryAfter] = "1" }
        if case .methodNotAllowed(_, let allow) = self { headers[.allow] = allow }
        // RFC 6750: a missing token gets the bare challenge, a wrong one says so.
        if case .unauthorized(let reason) = self {
            headers[.wwwAuthenticate] = reason.hasPrefix("missing") ? "Bearer realm=\"cairn-admin\"" : "Bearer realm=\"cairn-admin\", error=\"invalid_token\""
        }
        return headers
    }

    package func response(from request: Request, context: some RequestContext) throws -> Response {
        ErrorAnswer(status: status, message: publicMessage, extraFields: headers).response
    }
}
