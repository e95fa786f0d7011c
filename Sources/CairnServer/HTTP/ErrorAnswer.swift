import Hummingbird
import NIOCore

/// The one shape of every error answer the server gives, from a route, the router's fallback, a
/// framework error or the connection (a request that does not parse): `text/plain; charset=utf-8`,
/// `Cache-Control: no-store` unless the error says otherwise, and a body of one line, `error: `
/// and what is wrong.
struct ErrorAnswer {
    let status: HTTPResponse.Status
    /// What the body says after `error: `.
    let message: String
    /// The error's own fields (`Allow`, `Retry-After`, a longer `Cache-Control`), over the defaults.
    var extraFields: HTTPFields = [:]

    /// The body: one line naming the problem.
    var body: ByteBuffer { ByteBuffer(string: "error: \(message)\n") }

    /// `Content-Type`, `Cache-Control` and the error's own fields.
    var fields: HTTPFields {
        var fields: HTTPFields = [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"]
        for field in extraFields { fields[field.name] = field.value }
        return fields
    }

    /// The answer as a router response.
    var response: Response { Response(status: status, headers: fields, body: ResponseBody(byteBuffer: body)) }
}

extension ErrorAnswer {
    /// An error the framework threw itself (Hummingbird's ``HTTPError``, or another library's), in
    /// this shape: its status and fields, its message or else the status's reason.
    init(_ error: any HTTPResponseError) {
        let message = (error as? HTTPError)?.body ?? error.status.reasonPhrase.lowercased()
        self.init(status: error.status, message: message, extraFields: (error as? HTTPError)?.headers ?? [:])
    }
}
