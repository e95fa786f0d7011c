import Hummingbird

extension ServeError: HTTPResponseError {
    var status: HTTPResponse.Status { HTTPResponse.Status(code: statusCode) }

    var headers: HTTPFields {
        var headers: HTTPFields = [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"]
        if case .overloaded = self { headers[.retryAfter] = "1" }
        return headers
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: "error: \(message)\n")))
    }
}
