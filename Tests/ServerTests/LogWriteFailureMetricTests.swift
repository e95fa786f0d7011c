import Foundation
import Glibc
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
@testable import CairnServer

/// `/metrics` counts the log batches the server could not write (`cairn_log_write_failures_total`):
/// a full disk or a closed stderr never stops the server, so the metric is how an operator learns
/// that the log has gaps.
@Suite struct LogWriteFailureMetricTests {
    @Test func theMetricIsListedAtZeroWhileTheLogIsWritten() async throws {
        try await InProcessServer.with(config: "layers: {}\n") { server in
            _ = try await server.request("/health")
            #expect(try await server.metric("cairn_log_write_failures_total") == 0)
        }
    }

    @Test func aLogBatchThatCannotBeWrittenIsCounted() async throws {
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(full >= 0)
        defer { close(full) }
        // Lines wait in the buffer until the test flushes them (no batch is due for an hour).
        let output = LogOutput(fileDescriptor: full, interval: .seconds(3600), clock: TestClock())
        defer { output.stop() }
        let logger = Logger(label: "cairn") { LineLogHandler(label: $0, level: .info, format: .text, output: output) }
        let directory = NSTemporaryDirectory() + "cairn-log-failures-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let environment = ["CAIRN_CACHE_DIR": directory + "/cache"]
        var config = try ServerConfig(yaml: "layers: {}\n", directory: directory, environment: environment)
        try config.applyEnvironment(environment)
        let server = try CairnServer(config: config, logger: logger)
        let app = Application(router: Routes.router(services: server.services, config: config, logger: logger, admin: server))
        try await app.test(.router) { client in
            let health = try await client.execute(uri: "/health", method: .get)
            #expect(health.status == .ok)
            output.flush()  // the request's line goes to /dev/full: ENOSPC
            let metrics = try await client.execute(uri: "/metrics", method: .get)
            #expect(metrics.status == .ok)
            let failures = metricSum(String(buffer: metrics.body), "cairn_log_write_failures_total", [:])
            #expect(output.failedWrites >= 1)
            #expect(failures == Double(output.failedWrites))
        }
        await server.close()
    }
}
