import Hummingbird

/// WMTS's capabilities (`/wmts/1.0.0/WMTSCapabilities.xml`) and its KVP encoding (`/wmts?SERVICE=WMTS&REQUEST=…`);
/// the RESTful GetTile is a cacheable route (``CacheableRoute/wmtsTile(_:config:)``).
enum WMTSRoutes {
    static func add(to router: Router<BasicRequestContext>, services: CairnServer.Services, config: ServerConfig) {
        let wmts = WMTSService(services: services, config: config)
        router.get("/wmts/1.0.0/WMTSCapabilities.xml") { request, _ -> Response in
            await wmts.capabilities(request)
        }
        router.get("/wmts") { request, _ -> Response in
            do throws(OWSException) {
                return try await kvp(request, wmts: wmts)
            } catch {
                return error.response
            }
        }
    }

    /// A KVP request: parameter names in any case, values as the standard spells them.
    private static func kvp(_ request: Request, wmts: WMTSService) async throws(OWSException) -> Response {
        do {
            // Only to refuse an absurdly long query, as every route does.
            _ = try QueryValue.parameters(of: request.uri)
        } catch {
            throw OWSException(ServeError(unexpected: error))
        }
        var query: [String: String] = [:]
        for (name, value) in QueryValue.pairs(of: request.uri) where query[name.uppercased()] == nil {
            query[name.uppercased()] = value
        }
        guard let service = query["SERVICE"], !service.isEmpty else { throw .missing("SERVICE") }
        guard service == "WMTS" else { throw .invalid("SERVICE", "this service is WMTS, not '\(service.prefix(64))'") }
        guard let operation = query["REQUEST"], !operation.isEmpty else { throw .missing("REQUEST") }
        switch operation {
        case "GetCapabilities":
            return await wmts.capabilities(request)
        case "GetTile":
            guard let version = query["VERSION"], !version.isEmpty else { throw .missing("VERSION") }
            guard version == "1.0.0" else { throw .invalid("VERSION", "this service speaks WMTS 1.0.0, not '\(version.prefix(64))'") }
            return await wmts.tile(try WMTSTileRequest(kvp: query), request: request)
        default:
            throw OWSException(code: .operationNotSupported, locator: "REQUEST",
                               text: "'\(operation.prefix(64))' is not an operation of this service (GetCapabilities, GetTile)", status: .notImplemented)
        }
    }
}
