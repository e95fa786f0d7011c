import Clusters
import Logging
import PostgresNIO

/// Reads a ``PostgresPointQuery``'s points: connects, runs the query, turns the rows into points as
/// they stream in (a large table is never held twice) and closes the connection — always, also on
/// an error, a timeout or cancellation. Each ``read()`` uses its own connection, so a server can
/// call it on a timer to refresh a dataset.
public struct PostgresPointSource: Sendable {
    /// Where and what to read.
    public let query: PostgresPointQuery
    /// The dataset's name, used as ``InvalidPoint/source`` and in logs.
    public let name: String
    /// Gets a debug line per read, and PostgresNIO's own connection logs.
    public let logger: Logger

    public init(_ query: PostgresPointQuery, name: String, logger: Logger) {
        self.query = query
        self.name = name
        self.logger = logger
    }

    /// Reads all points once, within the query's timeout (connecting and querying together).
    public func read() async throws(PostgresPointError) -> PointReadResult {
        let url = try query.connectionURL()
        let configuration = try url.configuration(connectTimeout: query.timeout)
        let started = ContinuousClock.now
        logger.debug("reading PostgreSQL dataset", metadata: ["dataset": "\(name)", "server": "\(url.server)"])
        let outcome: PointReadResult
        do {
            outcome = try await withDeadline(query.timeout) {
                try await self.read(configuration, server: url.server)
            }
        } catch is DeadlineExceeded {
            throw .timeout(query.timeout)
        } catch {
            if Task.isCancelled { throw .cancelled }
            throw error as? PostgresPointError ?? .queryFailed(sqlState: nil, message: "\(error)")
        }
        logger.debug(
            "read PostgreSQL dataset",
            metadata: [
                "dataset": "\(name)", "points": .stringConvertible(outcome.points.count),
                "invalid": .stringConvertible(outcome.invalid.count), "duration": .stringConvertible(ContinuousClock.now - started),
            ])
        return outcome
    }

    private func read(_ configuration: PostgresConnection.Configuration, server: String) async throws -> PointReadResult {
        let connection = try await Self.connect(configuration, server: server, logger: logger)
        do {
            // Connecting does not stop for a cancellation: a read cancelled meanwhile must not send
            // its query to the connection the handler below closes at once (that query's answer
            // might never come).
            if Task.isCancelled { throw CancellationError() }
            let outcome = try await withTaskCancellationHandler {
                try await stream(on: connection)
            } onCancel: {
                let closing: EventLoopFuture<Void> = connection.close()  // ends a query waiting for the server
                _ = closing
            }
            try? await connection.close()
            return outcome
        } catch {
            try? await connection.close()
            throw PostgresPointError(querying: error)
        }
    }

    /// Connects and logs in; throws ``DeadlineExceeded`` when PostgresNIO's connect timeout (the
    /// same allowance as the caller's deadline) runs out, else ``PostgresPointError/connectionFailed(server:message:)``.
    static func connect(_ configuration: PostgresConnection.Configuration, server: String, logger: Logger) async throws -> PostgresConnection {
        do {
            return try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        } catch where PostgresPointError.isConnectTimeout(error) {
            throw DeadlineExceeded()  // the same time allowance as the deadline's, noticed by PostgresNIO first
        } catch {
            throw PostgresPointError(connecting: error, server: server)
        }
    }

    private func stream(on connection: PostgresConnection) async throws -> PointReadResult {
        let rows = try await connection.query(PostgresQuery(unsafeSQL: query.query), logger: logger)
        var points = PointRows(try PointColumns(rows.columns, for: query), source: name)
        for try await row in rows {
            points.add(row)
        }
        return points.outcome
    }
}
