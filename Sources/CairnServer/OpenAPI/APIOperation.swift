/// One operation of the HTTP API as OpenAPI 3.1 describes it, with the router path that serves it
/// (Hummingbird's template, e.g. `/tiles/{layer}/{z}/{x}/{file}`), so that a test can hold the
/// document and the router to each other both ways. Several operations may share a router path
/// (`{y}.{ext}` and `{y}@2x.{ext}` are one `{file}` segment to the router).
struct APIOperation {
    typealias Object = [String: Any]

    /// `get`, `post` or `delete`, as OpenAPI spells them.
    let method: String
    /// The OpenAPI path template, `/tiles/{layer}/{z}/{x}/{y}@2x.{ext}`.
    let path: String
    /// The router path the operation is served by.
    let route: String
    let id: String
    let tag: String
    let summary: String
    var description: String? = nil
    var parameters: [Object] = []
    var body: Object? = nil
    /// By status code (`"200"`, `"default"` is never used: every status is listed).
    var responses: [String: Object]
    /// The signing groups the route belongs to: when `security.signing.routes` names one, the
    /// operation takes `sig`/`exp` and may answer 403.
    var signed: [SignedRoute] = []
    /// An `/admin/` operation: bearer token, 401.
    var admin = false

    /// The operation object, with the signing parameters when `signing` names one of its groups.
    func object(signing: Set<SignedRoute>) -> Object {
        var parameters = self.parameters
        var responses = self.responses
        if signed.contains(where: signing.contains) {
            parameters += [OAS.ref("sig", in: "parameters"), OAS.ref("exp", in: "parameters")]
            responses["403"] = OAS.ref("Forbidden", in: "responses")
        }
        var object: Object = ["operationId": id, "tags": [tag], "summary": summary, "responses": responses]
        if !parameters.isEmpty { object["parameters"] = parameters }
        if let description { object["description"] = description }
        if let body { object["requestBody"] = body }
        if admin {
            object["security"] = [["adminToken": [String]()]]
            responses["401"] = OAS.ref("Unauthorized", in: "responses")
            object["responses"] = responses
        }
        return object
    }
}
