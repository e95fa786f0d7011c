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

    static func listen(_ server: TestPostgres, heard: Heard) -> Task<PostgresPointError?, Never> {
        var query = PostgresPointQuery(url: server.url, query: "SELECT 1", timeout: .seconds(5))
        query.listen = "places_changed"
        let notifications = PostgresNotifications(query, logger: Logger(label: "test"))!
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

    static func waitFor(_ seconds: Double = 10, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition(), Date() < deadline { usleep(10_000) }
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
        #expect(Self.waitFor { heard.listening })
        try server.psql("NOTIFY places_changed, 'a';\nNOTIFY other_channel, 'x';\nSELECT pg_notify('places_changed', 'b');")
        #expect(Self.waitFor { heard.payloads.count >= 2 })
        usleep(100_000)
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
        #expect(Self.waitFor { again.listening })
        second.cancel()
        #expect(await second.value == nil, "a cancelled listen returns without an error")
    }
}
