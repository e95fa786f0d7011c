import Codecs
import Markers

/// `#/components` of the document: the JSON and GeoJSON shapes, the shared error responses, the
/// headers and the admin API's bearer scheme.
enum APIComponents {
    typealias Object = APIOperation.Object

    static func all(_ config: ServerConfig) -> Object {
        [
            "schemas": APISchemas.all(config),
            "responses": responses,
            "headers": headers,
            "parameters": [
                "sig": OAS.query("sig", OAS.string(pattern: "^[A-Za-z0-9_-]{32}$"),
                                 "HMAC-SHA256 of the path and query (cairn sign), base64url, 32 characters.", required: true),
                "exp": OAS.query("exp", OAS.integer(minimum: 0), "Expiry, in seconds since 1970 (signed with the URL); later, a 403."),
            ] as Object,
            "securitySchemes": ["adminToken": ["type": "http", "scheme": "bearer",
                                               "description": "admin.token_file or CAIRN_ADMIN_TOKEN."]] as Object,
        ]
    }

    /// The error answers: one `error: …` line of text.
    private static var responses: Object {
        func error(_ description: String, headers: [String] = ["Cache-Control"]) -> Object {
            OAS.response(description, content: ["text/plain": ["schema": OAS.ref("Error")]], headers: headers)
        }
        return [
            "NotModified": OAS.response("Not modified: the client's copy (If-None-Match, else If-Modified-Since) is current.",
                                        headers: ["ETag", "Cache-Control"]),
            "BadRequest": error("A parameter that does not parse or is out of its range."),
            "Unauthorized": error("No or the wrong admin token.", headers: ["Cache-Control", "WWW-Authenticate"]),
            "Forbidden": error("A signed route's sig is missing, wrong or expired."),
            "NotFound": error("Unknown layer, dataset or file; a tile outside the zooms or the grid; no tile at the source."),
            "Conflict": error("The layer has a seed job running."),
            "TooLarge": error("The body is over server.max_body_bytes."),
            "BadGateway": error("The upstream answered with an error or something that is not an image."),
            "Overloaded": error("Overloaded (the render queue is full), a dataset still loading, or shutting down; try again.",
                                headers: ["Cache-Control", "Retry-After"]),
            "GatewayTimeout": error("The upstream did not answer in time."),
            "InsufficientStorage": error("The seed would need more than the disk cache holds."),
        ]
    }

    private static var headers: Object {
        func header(_ description: String, _ schema: Object, required: Bool = false) -> Object {
            ["description": description, "schema": schema, "required": required]
        }
        let date = OAS.string(pattern: "^[A-Z][a-z]{2}, [0-9]{2} [A-Z][a-z]{2} [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT$")
        return [
            "ETag": header("A strong entity tag (a gzipped answer's ends in -gzip\").", OAS.string(pattern: "^\"[^\"]*\"$"), required: true),
            "Cache-Control": header("How long clients and proxies may reuse the answer.", OAS.string(), required: true),
            "Last-Modified": header("When the answer was made (an HTTP date).", date, required: true),
            "Cache-Status": header("RFC 9211: hit, miss, stale, or where it came from (cairn; hit / cairn; fwd=miss …).",
                                   OAS.string(pattern: "^cairn"), required: true),
            "Vary": header("Accept-Encoding on answers that may be gzipped, and the headers links are built from.", OAS.string()),
            "Content-Encoding": header("gzip, for clients whose Accept-Encoding allows it.", OAS.choice(["gzip"])),
            "WWW-Authenticate": header("RFC 6750 bearer challenge.", OAS.string(pattern: "^Bearer realm="), required: true),
            "Location": header("The started job.", OAS.string(pattern: "^/admin/jobs/"), required: true),
            "Retry-After": header("Seconds to wait.", OAS.string(pattern: "^[0-9]+$"), required: true),
        ]
    }
}
