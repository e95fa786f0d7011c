import ClustersPostgres
import Foundation
import Logging
import Testing
import TestPostgres
import TestTier

/// ``PostgresNotifications`` against a real server of its own (the test stops it): it hears its
/// channel's payloads in order and nothing else, throws when the server goes away or goes silent,
/// and returns when cancelled. The tests wait for events rather than against the clock (other
/// suites' blocking work can hold the task pool for minutes on a small machine); the time limit
/// ends a test that waits for ever.
@Suite(.timeLimit(.minutes(5)), .process) struct NotificationTests {
    enum Event: Equatable, Sendable {
        case listening
        case payload(String)
    }

    /// A listening task and what it heard, in order. The time to connect is generous: a parallel
    /// test run on two cores once kept Swift's shared pool busy for 26 s.
    static func listen(_ server: TestPostgres, timeout: Duration = .seconds(60), healthCheck: Duration = .seconds(30))
        -> (task: Task<PostgresPointError?, Never>, events: AsyncStream<Event>) {
        var query = PostgresPointQuery(url: server.url, query: "SELECT 1", timeout: timeout)
        query.listen = "places_changed"
        var notifications = PostgresNotifications(query, logger: Logger(label: "test"))!
        notifications.healthCheck = healthCheck
        let (events, heard) = AsyncStream<Event>.makeStream()
        let task = Task { () -> PostgresPointError? in
            defer { heard.finish() }
            do throws(PostgresPointError) {
                try await notifications.listen {
                    heard.yield(.listening)
                } onNotification: { payload in
                    heard.yield(.payload(payload))
                }
                return nil
            } catch {
                return error
            }
        }
        return (task, events)
    }

    @Test func aQueryWithoutAChannelHasNoNotifications() {
        #expect(PostgresNotifications(PostgresPointQuery(url: "postgres://a@b/c", query: "SELECT 1"), logger: Logger(label: "test")) == nil)
    }

    @Test func itHearsItsChannelThenFailsWhenTheServerStopsAndEndsWhenCancelled() async throws {
        let server = try TestPostgres()
        defer { server.stop() }
        let (listening, events) = Self.listen(server)
        var heard = events.makeAsyncIterator()
        #expect(await heard.next() == .listening)
        // In commit order: the other channel's notification in between is not heard.
        try server.psql("NOTIFY places_changed, 'a';\nNOTIFY other_channel, 'x';\nSELECT pg_notify('places_changed', 'b');")
        #expect(await heard.next() == .payload("a"))
        #expect(await heard.next() == .payload("b"))

        try server.stopForRestart()
        let dropped = await listening.value
        guard case .queryFailed(let state, _)? = dropped else {
            Issue.record("expected the server's shutdown error, got \(String(describing: dropped))")
            return
        }
        #expect(state == "57P01")  // admin_shutdown
        #expect(await heard.next() == nil)

        try server.start()
        let (second, secondEvents) = Self.listen(server)
        var secondHeard = secondEvents.makeAsyncIterator()
        #expect(await secondHeard.next() == .listening)
        second.cancel()
        #expect(await second.value == nil, "a cancelled listen returns without an error")
    }

    /// A connection that goes silent (its server process stopped, as behind a firewall that
    /// forgot it) fails its health check within the query's timeout and ends the listening (10 s,
    /// which is also the time to connect, so a busy test run does not fail the connecting).
    @Test func aSilentConnectionFailsItsHealthCheck() async throws {
        let server = try TestPostgres()
        defer { server.stop() }
        let (listening, events) = Self.listen(server, timeout: .seconds(10), healthCheck: .milliseconds(300))
        var heard = events.makeAsyncIterator()
        #expect(await heard.next() == .listening)
        // A health check has passed (the connection's last statement is its `SELECT 1`, no longer the LISTEN).
        #expect(try await server.answers("SELECT query FROM pg_stat_activity WHERE application_name = 'cairn'", "SELECT 1"), "no health check ran")
        let backend = try #require(Int32(try server.psql("SELECT pid FROM pg_stat_activity WHERE application_name = 'cairn'")))
        #expect(kill(backend, SIGSTOP) == 0)
        defer { kill(backend, SIGCONT) }
        let failure = await listening.value
        guard case .connectionFailed(_, let message)? = failure else {
            Issue.record("expected a failed health check, got \(String(describing: failure))")
            return
        }
        #expect(message.hasPrefix("no answer to a health check within"), "\(message)")
    }
}
