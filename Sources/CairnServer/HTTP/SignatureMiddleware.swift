import Foundation
import Hummingbird

/// Refuses requests to the signed routes (`security.signing.routes`) whose `sig=` is missing,
/// wrong or expired, with a 403 and its reason, before the route does any work; counts each
/// refusal in `cairn_signature_rejections_total{reason}`. An answer to a URL with `exp=` may be
/// reused by caches only until then (its `max-age` is cut to the seconds left). Other routes pass
/// untouched.
struct SignatureMiddleware<Context: RequestContext>: RouterMiddleware {
    let signer: URLSigner
    let routes: Set<SignedRoute>
    let metrics: ServerMetrics
    /// The server's clock: what `exp=` is checked against and counted down from.
    let clock: any WallClock

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let groups = SignedRoute.groups(endpoint: context.endpointPath ?? "", path: request.uri.path)
        guard groups.contains(where: routes.contains) else { return try await next(request, context) }
        let now = Int(clock.now())
        switch signer.check(path: request.uri.path, query: request.uri.query ?? "", now: now) {
        case .failure(let rejection):
            metrics.signatureRejected(reason: rejection.reason.rawValue)
            throw ServeError.forbidden(rejection.message)
        case .success(let expiry):
            var response = try await next(request, context)
            if let expiry, let cacheControl = response.headers[.cacheControl] {
                response.headers[.cacheControl] = Self.capped(cacheControl, at: expiry - now)
            }
            return response
        }
    }

    /// `cacheControl` with its `max-age` no longer than `seconds`.
    static func capped(_ cacheControl: String, at seconds: Int) -> String {
        cacheControl.split(separator: ",").map { directive in
            let text = directive.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("max-age="), let age = Int(text.dropFirst(8)), age > seconds else { return text }
            return "max-age=\(max(0, seconds))"
        }.joined(separator: ", ")
    }
}
