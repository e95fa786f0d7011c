import Foundation
import Hummingbird

/// Refuses requests to the signed routes (`security.signing.routes`) whose `sig=` is missing,
/// wrong or expired, with a 403 and its reason, before the route does any work; counts each
/// refusal in `cairn_signature_rejections_total{reason}`. Other routes pass untouched.
struct SignatureMiddleware<Context: RequestContext>: RouterMiddleware {
    let signer: URLSigner
    let routes: Set<SignedRoute>
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let groups = SignedRoute.groups(endpoint: context.endpointPath ?? "", path: request.uri.path)
        if groups.contains(where: routes.contains),
           let rejection = signer.check(path: request.uri.path, query: request.uri.query ?? "", now: Int(Date().timeIntervalSince1970)) {
            metrics.signatureRejected(reason: rejection.reason.rawValue)
            throw ServeError.forbidden(rejection.message)
        }
        return try await next(request, context)
    }
}
