/// Why a PostgreSQL dataset could not be read. Messages never contain the password.
public enum PostgresPointError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL cannot be used; `url` is shown with its password replaced by `***`.
    case invalidURL(url: String, problem: String)
    /// The server could not be reached, refused TLS or refused the login. `server` is `host:port`
    /// or the unix socket path; `message` the server's or the network's own words.
    case connectionFailed(server: String, message: String)
    /// The server rejected or failed the query: its SQLSTATE code (`42P01`) when it sent one, and
    /// its message.
    case queryFailed(sqlState: String?, message: String)
    /// A column the dataset needs (`role`: id, longitude, latitude) is not among the query's `columns`.
    case missingColumn(name: String, role: String, columns: [String])
    /// A coordinate column holds a type that is not a number.
    case notANumberColumn(name: String, role: String, type: String)
    /// Connecting and querying took longer than the query's timeout.
    case timeout(Duration)
    /// The read was cancelled before it finished.
    case cancelled

    public var description: String {
        switch self {
        case .invalidURL(let url, let problem):
            return "invalid PostgreSQL URL \(url): \(problem)"
        case .connectionFailed(let server, let message):
            return "cannot connect to PostgreSQL at \(server): \(message)"
        case .queryFailed(let sqlState, let message):
            return "PostgreSQL query failed: " + (sqlState.map { "\($0) " } ?? "") + message
        case .missingColumn(let name, let role, let columns):
            let list = columns.isEmpty ? "it returns no columns" : "its columns are " + columns.joined(separator: ", ")
            return "the query has no \(role) column \"\(name)\"; \(list)"
        case .notANumberColumn(let name, let role, let type):
            return "the \(role) column \"\(name)\" has type \(type), not a number "
                + "(float8, float4, numeric, int2, int4, int8); cast it in the query, e.g. \(name)::float8"
        case .timeout(let duration):
            return "PostgreSQL read timed out after \(duration.formatted)"
        case .cancelled:
            return "PostgreSQL read cancelled"
        }
    }
}

extension Duration {
    /// `30 s`, `1.5 s`, `250 ms`.
    fileprivate var formatted: String {
        let (seconds, attoseconds) = components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        return "\(Double(milliseconds) / 1000) s"
    }
}
