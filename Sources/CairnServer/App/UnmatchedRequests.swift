import Hummingbird

/// The router's fallback: what answers a request no route takes. Added after every route, it is
/// the only middleware around Hummingbird's not-found responder and runs for nothing else. A path
/// some route serves under other methods is a `405 Method Not Allowed` whose `Allow` lists them
/// (RFC 9110 §15.5.6: HEAD wherever GET, OPTIONS where CORS answers preflights); any other path a
/// `404` naming it. Both are ``ServeError``s, so they answer in the one error shape.
///
/// Which route a path belongs to is decided by a router of its own holding the same paths, so the
/// path resolves to the same route, by Hummingbird's own precedence, as in the real router.
struct UnmatchedRequests<Context: RequestContext>: RouterMiddleware {
    /// Every path of the route table, each answering GET with its methods in `Allow`.
    private let paths: RouterResponder<Context>

    /// The fallback for `router`, once all its routes are added; `preflight` when every path
    /// answers OPTIONS (CORS on).
    init(routes router: Router<Context>, preflight: Bool) {
        var methods: [String: (path: RouterPath, methods: Set<HTTPRequest.Method>)] = [:]
        for route in router.routes { methods[route.path.description, default: (route.path, [])].methods.insert(route.method) }
        let paths = Router(context: Context.self)
        for (path, taken) in methods.values {
            var allowed = taken
            if allowed.contains(.get) { allowed.insert(.head) }
            if preflight { allowed.insert(.options) }
            let allow = allowed.map(\.rawValue).sorted().joined(separator: ", ")
            paths.get(path) { _, _ -> Response in Response(status: .ok, headers: [.allow: allow]) }
        }
        self.paths = paths.buildResponder()
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let probe = Request(head: HTTPRequest(method: .get, scheme: nil, authority: nil, path: request.head.path), body: RequestBody(buffer: ByteBuffer()))
        // The probe answers 200 with the path's methods, or 404 when no route has the path.
        if let allow = try await paths.respond(to: probe, context: context).headers[.allow] {
            throw ServeError.methodNotAllowed(method: request.method.rawValue, allow: allow)
        }
        throw ServeError.notFound("no route for \(request.uri.path.prefix(64))")
    }
}
