import HTTPTypes
import Hummingbird

/// Guards `/admin/…`: every request must carry `Authorization: Bearer TOKEN`. A missing or wrong
/// token is a 401 with `WWW-Authenticate: Bearer`, counted (`cairn_admin_unauthorized_total`);
/// the token is compared in constant time and never logged (the request log has no headers).
/// When the admin API is off, `/admin/…` does not exist (404), as any unknown path.
struct AdminAuthMiddleware<Context: RequestContext>: RouterMiddleware {
    let token: AdminToken?
    let metrics: ServerMetrics

    /// What `/admin/…` answers while the API is off.
    static var off: ServeError { .notFound("no such route (the admin API is off: set admin.token_file or CAIRN_ADMIN_TOKEN)") }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.path == "/admin" || request.uri.path.hasPrefix("/admin/") else { return try await next(request, context) }
        guard let token else { throw Self.off }
        guard let header = request.headers[.authorization] else {
            metrics.adminUnauthorized(reason: "missing")
            throw ServeError.unauthorized("missing Authorization: Bearer token")
        }
        let scheme = "bearer "
        guard header.count > scheme.count, header.prefix(scheme.count).lowercased() == scheme,
              token.matches(header.dropFirst(scheme.count)) else {
            metrics.adminUnauthorized(reason: "invalid")
            throw ServeError.unauthorized("the bearer token is not the admin token")
        }
        return try await next(request, context)
    }
}
