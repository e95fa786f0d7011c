import Logging
import PostgresNIO

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

    /// Nil when `query` names no channel.
    public init?(_ query: PostgresPointQuery, logger: Logger) {
        guard let channel = query.listen else { return nil }
        self.query = query
        self.channel = channel
        self.logger = logger
    }

    /// `host:port` or the socket path, for logs (never the password).
    public var server: String { (try? PostgresURL(parsing: query.url).server) ?? query.redactedURL }

    /// Connects (within the query's timeout), listens, calls `onListening` once the server has
    /// confirmed the `LISTEN`, then `onNotification` with each notification's payload, in order.
    /// Returns when the task is cancelled (the connection closed); throws when connecting fails or
    /// the connection drops (the server restarted, the network failed), and never returns otherwise.
    public func listen(onListening: @Sendable () -> Void, onNotification: @Sendable (String) -> Void) async throws(PostgresPointError) {
        let url = try PostgresURL(parsing: query.url)
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
        do {
            try await connection.listen(on: channel) { notifications in
                onListening()
                for try await notification in notifications { onNotification(notification.payload) }
            }
        } catch {
            try? await connection.close()
            if Task.isCancelled { return }
            throw PostgresPointError(querying: error)
        }
        try? await connection.close()
        if Task.isCancelled { return }
        throw .connectionFailed(server: url.server, message: "the server ended the listening connection")
    }
}
