import Foundation
import Logging
import Testing
@testable import CairnServer

/// The document cannot drift from the router: every route the router registers (but HEAD, which
/// Hummingbird makes for every GET) is served by an operation of the document, and every
/// operation's route is registered — for the admin API on the main address, on its own address,
/// off, and without the map page.
@Suite struct OpenAPIRouterTests {
    /// `METHOD /router/path` of what `router` registered, HEAD left out.
    private func registered(_ routes: [(method: String, path: String)]) -> Set<String> {
        Set(routes.filter { $0.method != "HEAD" }.map { "\($0.method) \($0.path)" })
    }

    private func described(_ operations: [APIOperation]) -> Set<String> {
        Set(operations.map { "\($0.method.uppercased()) \($0.route)" })
    }

    private func server(extra: String = "", token: Bool = true) throws -> (CairnServer, ServerConfig, String) {
        let directory = try temporaryDirectory()
        var environment = ["CAIRN_CACHE_DIR": directory + "/cache"]
        if token { environment["CAIRN_ADMIN_TOKEN"] = OpenAPIFixture.token }
        var config = try ServerConfig(yaml: try OpenAPIFixture.config(extra: extra), directory: directory, environment: environment)
        try config.applyEnvironment(environment)
        return (try CairnServer(config: config, logger: Logger(label: "test")), config, directory)
    }

    @Test func everyRegisteredRouteIsDescribedAndEveryDescribedRouteIsRegistered() async throws {
        let (server, config, directory) = try server()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let router = Routes.router(services: server.services, config: config, logger: Logger(label: "test"), admin: server)
        let routes = registered(router.routes.map { ($0.method.rawValue, $0.path.description) })
        let operations = APIOperations.all(config)
        #expect(routes == described(operations), "only registered: \(routes.subtracting(described(operations)).sorted()); only described: \(described(operations).subtracting(routes).sorted())")
        #expect(operations.contains { $0.admin } && operations.contains { $0.path == "/" })
        // One operation per path and method; one id per operation.
        #expect(Set(operations.map { "\($0.method) \($0.path)" }).count == operations.count)
        #expect(Set(operations.map(\.id)).count == operations.count)
        await server.close()
    }

    @Test func theAdminAPIOnItsOwnAddressIsDescribedWithThatServer() async throws {
        let (server, config, directory) = try server(extra: "admin: {listen: \"127.0.0.1:0\"}")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let main = Routes.router(services: server.services, config: config, logger: Logger(label: "test"), admin: server)
        let admin = Routes.adminRouter(server: server, logger: Logger(label: "test"))
        let operations = APIOperations.all(config)
        #expect(registered(main.routes.map { ($0.method.rawValue, $0.path.description) }) == described(operations.filter { !$0.admin }))
        #expect(registered(admin.routes.map { ($0.method.rawValue, $0.path.description) }) == described(operations.filter(\.admin)))
        let document = APIDocument.document(config, server: "/")
        let paths = try #require(document["paths"] as? [String: [String: [String: Any]]])
        let seed = try #require(paths["/admin/cache/{layer}/seed"]?["post"])
        #expect((seed["servers"] as? [[String: String]])?.first?["url"] == "http://127.0.0.1:0")
        await server.close()
    }

    @Test func withTheAdminAPIOffAndNoPageNeitherIsDescribed() async throws {
        let (server, config, directory) = try server(extra: "", token: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let router = Routes.router(services: server.services, config: config, logger: Logger(label: "test"), admin: server)
        let operations = APIOperations.all(config)
        #expect(!operations.contains { $0.admin || $0.path.hasPrefix("/admin") })
        // The one route that says the admin API is off, for every method, is no operation.
        let off: Set = ["GET /admin/**", "POST /admin/**", "DELETE /admin/**", "PUT /admin/**", "PATCH /admin/**"]
        #expect(registered(router.routes.map { ($0.method.rawValue, $0.path.description) }) == described(operations).union(off))
        await server.close()

        let (pageless, pagelessConfig, pagelessDirectory) = try self.server(extra: "", token: true)
        defer { try? FileManager.default.removeItem(atPath: pagelessDirectory) }
        var noPage = pagelessConfig
        noPage.page.enabled = false
        let bare = Routes.router(services: pageless.services, config: noPage, logger: Logger(label: "test"), admin: pageless)
        let bareOperations = APIOperations.all(noPage)
        #expect(!bareOperations.contains { $0.path == "/" || $0.path.hasPrefix("/assets/") || $0.path == "/catalog.json" })
        #expect(registered(bare.routes.map { ($0.method.rawValue, $0.path.description) }) == described(bareOperations))
        await pageless.close()
    }
}
