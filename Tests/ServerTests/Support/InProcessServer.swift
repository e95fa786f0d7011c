import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
@testable import CairnServer

/// The server `cairn serve` would run for a configuration, in the test's own process: its routes
/// answered through HummingbirdTesting's `.router` (no socket, no process), its time a
/// ``TestClock`` (the datasets' refresh schedule runs on it: a test moves it on to the next
/// refresh), its configuration file and cache in a temporary directory of its own. What a route answers is tested
/// here; what needs the real process (exit codes, signals, the hot lane over a socket) is tested
/// with ``ServerProcess``.
final class InProcessServer: Sendable {
    let server: CairnServer
    let config: ServerConfig
    let clock: TestClock
    /// Holds the configuration file, the cache directory and the log.
    let directory: String
    private let logger: Logger
    /// Where the server's log lines go: `directory/server.log`, as `cairn serve` writes them on stderr.
    private let logOutput: LogOutput

    var cacheDirectory: String { config.cache.directory }

    /// Builds the server for `yaml` (with `environment`, as `cairn serve` applies it), loads its
    /// datasets and starts their schedules, runs `body` with it, then closes it and removes its
    /// directory.
    static func with<Value>(config yaml: String, environment: [String: String] = [:], clock: TestClock = TestClock(),
                            _ body: (InProcessServer) async throws -> Value) async throws -> Value {
        let server = try InProcessServer(config: yaml, environment: environment, clock: clock)
        var schedules: Task<Void, Never>?
        do {
            try await server.server.loadDatasets()
            schedules = Task { [server = server.server] in await server.watchDatasets() }
            let value = try await body(server)
            await server.close(schedules)
            return value
        } catch {
            await server.close(schedules)
            throw error
        }
    }

    /// Moves the clock on to the datasets' next scheduled check (`refresh` seconds) and returns
    /// once it is done: the file looked at and, when it changed, read and indexed, or refused.
    func nextRefresh(_ seconds: Double) async throws {
        try await clock.advanceAndWait(by: seconds, sleepers: server.services.clusters.datasets.count)
    }

    private init(config yaml: String, environment: [String: String], clock: TestClock) throws {
        directory = try temporaryDirectory()
        // Written as `cairn serve --config` reads it, for the `cairn cache` commands a test runs beside it.
        try yaml.write(toFile: directory + "/cairn.yml", atomically: true, encoding: .utf8)
        let environment = ["CAIRN_CACHE_DIR": directory + "/cache"].merging(environment) { $1 }
        var config = try ServerConfig(yaml: yaml, directory: directory, environment: environment)
        try config.applyEnvironment(environment)
        self.config = config
        self.clock = clock
        let descriptor = open(directory + "/server.log", O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        logOutput = LogOutput(fileDescriptor: descriptor)
        logger = Logger(label: "cairn") { [logOutput] in LineLogHandler(label: $0, level: .info, format: .text, output: logOutput) }
        server = try CairnServer(config: config, logger: logger, clock: clock)
    }

    /// Everything the server logged so far, in `cairn serve`'s text format.
    var log: String {
        logOutput.flush()
        return (try? String(contentsOfFile: directory + "/server.log", encoding: .utf8)) ?? ""
    }

    /// One request through the server's router, answered as `cairn serve` would (the arguments of
    /// ``ServerProcess/request(_:method:headers:body:)``).
    func request(_ target: String, method: String = "GET", headers: [(String, String)] = [], body: [UInt8] = []) async throws -> HTTPResponse {
        let app = Application(router: Routes.router(services: server.services, config: config, logger: logger, admin: server))
        guard let method = HTTPRequest.Method(method) else { throw InvalidRequest(part: method) }
        let fields = HTTPFields(try headers.map { name, value in
            guard let field = HTTPField.Name(name) else { throw InvalidRequest(part: name) }
            return HTTPField(name: field, value: value)
        })
        return try await app.test(.router) { client in
            let answer = try await client.execute(uri: target, method: method, headers: fields,
                                                  body: body.isEmpty ? nil : ByteBuffer(bytes: body))
            return HTTPResponse(status: Int(answer.status.code), headers: answer.headers.map { ($0.name.rawName, $0.value) },
                                body: Array(buffer: answer.body))
        }
    }

    /// `targets` requested all at once, the answers in their order.
    func requestsAtOnce(_ targets: [String]) async throws -> [HTTPResponse] {
        try await withThrowingTaskGroup(of: (Int, HTTPResponse).self) { group in
            for (index, target) in targets.enumerated() { group.addTask { (index, try await self.request(target)) } }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }.sorted { $0.key < $1.key }.map(\.value)
        }
    }

    /// The sum of the samples called `name` whose labels include `labels`, from a fresh `/metrics`
    /// scrape (which also refreshes the point-in-time gauges); nil when there is none.
    func metric(_ name: String, _ labels: [String: String] = [:]) async throws -> Double? {
        metricSum(try await request("/metrics").text, name, labels)
    }

    private func close(_ schedules: Task<Void, Never>?) async {
        schedules?.cancel()
        await schedules?.value
        await server.close()
        logOutput.stop()
        Glibc.close(logOutput.fileDescriptor)
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A method or header name HTTP does not allow.
    struct InvalidRequest: Error {
        let part: String
    }
}
