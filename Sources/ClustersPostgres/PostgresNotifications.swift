import Logging
import PostgresNIO
import Synchronization

/// One connection that `LISTEN`s on a ``PostgresPointQuery``'s channel and hears its notifications
/// — sent by a trigger on the table, delivered when the writing transaction commits — so a server
/// can re-read the points as soon as they change. ``listen(onListening:onNotification:)`` runs one
/// connection until it drops; reconnecting (with backoff) is the caller's.
public struct PostgresNotifications: Sendable {
    /// The server (`url`), the channel (`listen`) and the time allowed to connect (`timeout`).
    public let query: PostgresPointQuery
    public let channel: String
    /// Gets PostgresNIO's own connection logs.
    public let logger: Logger
    /// How often the idle connection is checked with `SELECT 1` (answered within the query's
    /// timeout, else the connection counts as dropped): a connection that died without a word (a
    /// firewall or NAT that forgot it) is noticed, and the traffic keeps such middleboxes from
    /// forgetting it in the first place.
    public var healthCheck: Duration = .seconds(30)

    /// Nil when `query` names no channel.
    public init?(_ query: PostgresPointQuery, logger: Logger) {
        guard let channel = query.listen else { return nil }
        self.query = query
        self.channel = channel
        self.logger = logger
    }

    /// `host:port` or the socket path, for logs (never the password).
    public var server: String { (try? query.connectionURL().server) ?? query.redactedURL }

    /// Connects (within the query's timeout), listens, calls `onListening` once the server has
    /// confirmed the `LISTEN`, then `onNotification` with each notification's payload, in order.
    /// Returns when the task is cancelled (the connection closed); throws when connecting fails or
    /// the connection drops (the server restarted, the network failed), and never returns otherwise.
    public func listen(onListening: @Sendable () -> Void, onNotification: @Sendable (String) -> Void) async throws(PostgresPointError) {
        let url = try query.connectionURL()
        let configuration = try url.configuration(connectTimeout: query.timeout)
        let connection: PostgresConnection
        do {
            connection = try await withDeadline(query.timeout) {
                try await PostgresPointSource.connect(configuration, server: url.server, logger: logger)
            }
        } catch is DeadlineExceeded {
            throw .timeout(query.timeout)
        } catch {
            if Task.isCancelled { return }
            throw PostgresPointError(connecting: error, server: url.server)
        }
        let unanswered = HealthCheckFailure()
        do {
            try await connection.listen(on: channel) { notifications in
                onListening()
                // Whichever ends first, the notifications (the connection dropped) or a failed
                // health check, ends the listening. The group waits for both, so the closure
                // does not outlive this call.
                try await withoutActuallyEscaping(onNotification) { onNotification in
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { try await checkHealth(of: connection, failure: unanswered) }
                        group.addTask {
                            for try await notification in notifications { onNotification(notification.payload) }
                        }
                        try await group.next()
                        group.cancelAll()
                    }
                }
            }
        } catch {
            try? await connection.close()
            if Task.isCancelled { return }
            // Closing the connection on a health check's timeout fails the notifications too, and
            // either error may come out first: the check's says what happened.
            throw unanswered.error.withLock { $0 } ?? PostgresPointError(querying: error)
        }
        try? await connection.close()
        if Task.isCancelled { return }
        throw .connectionFailed(server: url.server, message: "the server ended the listening connection")
    }

    /// Runs `SELECT 1` every ``healthCheck``; throws when one fails or takes longer than the query's
    /// timeout (the connection is then closed, which ends the listening, and `failure` says why),
    /// returns when cancelled.
    private func checkHealth(of connection: PostgresConnection, failure: HealthCheckFailure) async throws {
        let unanswered = PostgresPointError.connectionFailed(
            server: server, message: "no answer to a health check within \(query.timeout); the connection is presumed lost")
        while true {
            do { try await Task.sleep(for: healthCheck) } catch { return }
            do {
                try await withDeadline(query.timeout) {
                    try await withTaskCancellationHandler {
                        for try await _ in try await connection.query("SELECT 1", logger: logger) {}
                    } onCancel: {
                        // The deadline passed (or the listening ends): close, which ends a query the server does not answer.
                        failure.error.withLock { $0 = $0 ?? unanswered }
                        let closing: EventLoopFuture<Void> = connection.close()
                        _ = closing
                    }
                }
            } catch is DeadlineExceeded {
                throw unanswered
            }
        }
    }
}

/// Why a health check ended the listening, when one did.
private final class HealthCheckFailure: Sendable {
    let error = Mutex<PostgresPointError?>(nil)
}
