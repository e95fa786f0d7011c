import HTTPTypes
import HotLane
import Hummingbird
import NIOCore

/// The answer to one request for an image the memory tier holds, made from its
/// ``PreparedAnswer`` alike for the router and the hot lane: the gzipped representation when
/// there is one and the request accepts gzip (``GzipCoding``); a `304` without a body when the
/// request's conditions say the client has it (``ConditionalRequest``), else a `200`; the
/// prepared fields, then `Cache-Control: public, max-age=…` and RFC 9211 `Cache-Status`.
struct ImageAnswer: Sendable {
    let status: HTTPResponse.Status
    /// The representation answered: the prepared answer or its gzipped twin.
    let representation: PreparedAnswer
    /// Seconds clients may reuse it.
    let maxAge: Int
    let cacheStatus: String

    /// The answer to a request of `method` with `headers`.
    init(_ prepared: PreparedAnswer, method: HTTPRequest.Method, headers: HTTPFields, maxAge: Int, cacheStatus: String) {
        let chosen = prepared.gzipped.flatMap { GzipCoding.accepts(headers[.acceptEncoding]) ? $0 : nil } ?? prepared
        representation = chosen
        status = ConditionalRequest.isNotModified(method: method, headers: headers, etag: chosen.etag,
                                                  lastModified: chosen.lastModified) ? .notModified : .ok
        self.maxAge = maxAge
        self.cacheStatus = cacheStatus
    }

    /// The body: none for a 304.
    var body: ByteBuffer? { status == .ok ? representation.body : nil }

    /// The router's response.
    var response: Response {
        var headers = status == .ok ? representation.fields : representation.notModifiedFields
        appendVarying(to: &headers)
        guard let body else { return Response(status: status, headers: headers) }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
    }

    /// The hot lane's head so far: the status line, the prepared lines and the fields of this answer.
    var head: HeadBytes {
        var head = HeadBytes(status: status)
        head.append(lines: status == .ok ? representation.lines : representation.notModifiedLines)
        appendVarying(to: &head)
        return head
    }

    /// The fields that follow the prepared ones, in their order: `Cache-Control`, `Cache-Status`.
    private func appendVarying(to headers: inout some HeaderSink) {
        headers.append(.cacheControl, "public, max-age=\(maxAge)")
        headers.append(.cacheStatus, cacheStatus)
    }
}

extension HTTPField.Name {
    /// RFC 9211.
    static let cacheStatus = HTTPField.Name("Cache-Status")!
}
