import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
@testable import CairnServer

/// The server `cairn serve` would run for a configuration, in the test's own process: its routes
/// answered through HummingbirdTesting's `.router` (no socket, no process), its time of day a
/// ``TestClock``, its cache in a temporary directory of its own. What a route answers is tested
/// here; what needs the real process (exit codes, signals, the hot lane over a socket) is tested
/// with ``ServerProcess``.
final class InProcessServer: Sendable {
    let server: CairnServer
    let config: ServerConfig
    let clock: TestClock
    /// Holds the cache directory.
    let directory: String

    var cacheDirectory: String { config.cache.directory }

    /// Builds the server for `yaml` (with `environment`, as `cairn serve` applies it) and loads its
    /// datasets, runs `body` with it, then closes it and removes its directory.
    static func with<Value>(config yaml: String, environment: [String: String] = [:], clock: TestClock = TestClock(),
                            _ body: (InProcessServer) async throws -> Value) async throws -> Value {
        let server = try InProcessServer(config: yaml, environment: environment, clock: clock)
        do {
            try await server.server.loadDatasets()
            let value = try await body(server)
            await server.close()
            return value
        } catch {
            await server.close()
            throw error
        }
    }

    private init(config yaml: String, environment: [String: String], clock: TestClock) throws {
        directory = try temporaryDirectory()
        let environment = ["CAIRN_CACHE_DIR": directory + "/cache"].merging(environment) { $1 }
        var config = try ServerConfig(yaml: yaml, directory: directory, environment: environment)
        try config.applyEnvironment(environment)
        self.config = config
        self.clock = clock
        server = try CairnServer(config: config, logger: Self.logger, clock: clock)
    }

    /// The server logs nowhere: tests assert on what it answers.
    private static let logger = Logger(label: "cairn-test") { _ in SwiftLogNoOpLogHandler() }

    /// One request through the server's router, answered as `cairn serve` would.
    func request(_ target: String, method: HTTPRequest.Method = .get, headers: [(String, String)] = []) async throws -> HTTPResponse {
        let app = Application(router: Routes.router(services: server.services, config: config, logger: Self.logger, admin: server))
        let fields = HTTPFields(try headers.map { name, value in
            guard let field = HTTPField.Name(name) else { throw InvalidHeader(name: name) }
            return HTTPField(name: field, value: value)
        })
        return try await app.test(.router) { client in
            let answer = try await client.execute(uri: target, method: method, headers: fields)
            return HTTPResponse(status: Int(answer.status.code), headers: answer.headers.map { ($0.name.rawName, $0.value) },
                                body: Array(buffer: answer.body))
        }
    }

    /// The sum of the samples of metric `name` whose labels include `labels`; nil when there is none.
    func metric(_ name: String, _ labels: [String: String] = [:]) -> Double? {
        metricSum(String(decoding: server.services.metrics.exposition(), as: UTF8.self), name, labels)
    }

    private func close() async {
        await server.close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    struct InvalidHeader: Error {
        let name: String
    }
}
