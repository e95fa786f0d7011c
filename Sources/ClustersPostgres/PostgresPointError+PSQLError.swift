import PostgresNIO

extension PostgresPointError {
    /// A failure to connect or log in, in the server's or the network's words.
    init(connecting error: any Error, server: String) {
        if let error = error as? PostgresPointError {
            self = error
        } else {
            var message = Self.message(error)
            if let code = (error as? PSQLError)?.serverInfo?[.sqlState] { message += " (SQLSTATE \(code))" }
            self = .connectionFailed(server: server, message: message)
        }
    }

    /// Whether connecting failed because PostgresNIO's connect timeout ran out (during the TCP
    /// connect, TLS or login).
    static func isConnectTimeout(_ error: any Error) -> Bool {
        let cause = (error as? PSQLError)?.underlying ?? error
        guard case .connectTimeout = cause as? ChannelError else { return false }
        return true
    }

    /// A failure while running the query or reading its rows.
    init(querying error: any Error) {
        if let error = error as? PostgresPointError {
            self = error
        } else if let error = error as? PSQLError, let info = error.serverInfo {
            self = .queryFailed(sqlState: info[.sqlState], message: Self.message(error))
        } else {
            self = .queryFailed(sqlState: nil, message: Self.message(error))
        }
    }

    /// The server's message with its detail and hint, or what went wrong on the connection.
    /// (`PSQLError`'s own description is deliberately generic.)
    private static func message(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return "\(error)" }
        if let info = error.serverInfo {
            var text = info[.message] ?? "error"
            if let detail = info[.detail] { text += "; detail: \(detail)" }
            if let hint = info[.hint] { text += "; hint: \(hint)" }
            return text
        }
        switch error.code {
        case .sslUnsupported: return "the server does not support TLS (sslmode asks for it)"
        default: break
        }
        if let underlying = error.underlying { return "\(underlying)" }
        return error.code.description
    }
}
