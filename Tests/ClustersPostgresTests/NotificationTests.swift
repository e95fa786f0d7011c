import ClustersPostgres
import Foundation
import Logging
import Synchronization
import Testing
import TestPostgres

/// ``PostgresNotifications`` against a real server of its own (the test stops it): it hears its
/// channel's payloads in order and nothing else, throws when the server goes away, and returns
/// when cancelled.
@Suite struct NotificationTests {
    /// Heard so far: whether the LISTEN was confirmed, and the payloads.
    final class Heard: Sendable {
        let state = Mutex((listening: false, payloads: [String]()))
        var listening: Bool { state.withLock { $0.listening } }
        var payloads: [String] { state.withLock { $0.payloads } }
    }

    static func listen(_ server: TestPostgres, heard: Heard, timeout: Duration = .seconds(5), healthCheck: Duration = .seconds(30))
        -> Task<PostgresPointError?, Never> {
        var query = PostgresPointQuery(url: server.url, query: "SELECT 1", timeout: timeout)
        query.listen = "places_changed"
        var notifications = PostgresNotifications(query, logger: Logger(label: "test"))!
        notifications.healthCheck = healthCheck
        return Task {
            do throws(PostgresPointError) {
                try await notifications.listen {
                    heard.state.withLock { $0.listening = true }
                } onNotification: { payload in
                    heard.state.withLock { $0.payloads.append(payload) }
                }
                return nil
            } catch {
                return error
            }
        }
    }

    /// Waits (without holding a thread: the listening task needs one) until `condition` holds; long,
    /// since the other suites' blocking work (initdb, psql, indexing) can starve the task pool.
    static func waitFor(_ seconds: Double = 60, _ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition(), Date() < deadline { try? await Task.sleep(for: .milliseconds(10)) }
        return condition()
    }

    @Test func aQueryWithoutAChannelHasNoNotifications() {
        #expect(PostgresNotifications(PostgresPointQuery(url: "postgres://a@b/c", query: "SELECT 1"), logger: Logger(label: "test")) == nil)
    }

    @Test func itHearsItsChannelThenFailsWhenTheServerStopsAndEndsWhenCancelled() async throws {
        let server = try TestPostgres()
        defer { server.stop() }
        let heard = Heard()
        let listening = Self.listen(server, heard: heard)
        #expect(await Self.waitFor { heard.listening })
        try server.psql("NOTIFY places_changed, 'a';\nNOTIFY other_channel, 'x';\nSELECT pg_notify('places_changed', 'b');")
        #expect(await Self.waitFor { heard.payloads.count >= 2 })
        try await Task.sleep(for: .milliseconds(100))
        #expect(heard.payloads == ["a", "b"])

        try server.stopForRestart()
        let dropped = await listening.value
        guard case .queryFailed(let state, _)? = dropped else {
            Issue.record("expected the server's shutdown error, got \(String(describing: dropped))")
            return
        }
        #expect(state == "57P01")  // admin_shutdown

        try server.start()
        let again = Heard()
        let second = Self.listen(server, heard: again)
        #expect(await Self.waitFor { again.listening })
        second.cancel()
        #expect(await second.value == nil, "a cancelled listen returns without an error")
    }

    /// A connection that goes silent (its server process stopped, as behind a firewall that
    /// forgot it) fails its health check within the query's timeout and ends the listening.
    @Test func aSilentConnectionFailsItsHealthCheck() async throws {
        let server = try TestPostgres()
        defer { server.stop() }
        let heard = Heard()
        let listening = Self.listen(server, heard: heard, timeout: .seconds(1), healthCheck: .milliseconds(300))
        #expect(await Self.waitFor { heard.listening })
        try await Task.sleep(for: .milliseconds(700))  // health checks pass meanwhile
        let backend = try #require(Int32(try server.psql("SELECT pid FROM pg_stat_activity WHERE application_name = 'cairn'")))
        #expect(kill(backend, SIGSTOP) == 0)
        defer { kill(backend, SIGCONT) }
        let started = Date()
        let failure = await listening.value
        guard case .connectionFailed(_, let message)? = failure else {
            Issue.record("expected a failed health check, got \(String(describing: failure))")
            return
        }
        #expect(message.hasPrefix("no answer to a health check within"), "\(message)")
        #expect(Date().timeIntervalSince(started) < 60)
    }
}
