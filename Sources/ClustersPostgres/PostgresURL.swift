import Foundation

/// The parts of a `postgres://user:password@host:port/database?parameters` URL, read as libpq
/// reads them: percent-decoded, port 5432 by default, a `host` that is a path (in the authority,
/// percent-encoded, or as `?host=/path`) naming a unix socket directory, and no host at all meaning
/// the Debian default socket directory `/var/run/postgresql`.
struct PostgresURL: Equatable, Sendable {
    enum Endpoint: Equatable, Sendable {
        case tcp(host: String, port: Int)
        /// The socket file, `DIRECTORY/.s.PGSQL.PORT`.
        case socket(path: String)
    }

    var endpoint: Endpoint
    var user: String?
    var password: String?
    var database: String?
    /// The `sslmode` parameter; nil when absent.
    var sslMode: SSLMode?
    /// The `sslrootcert` parameter: a PEM file with the certificate authorities to trust.
    var sslRootCertificate: String?
    var applicationName: String?
    /// The URL with its password replaced by `***`, for messages and logs.
    var redacted: String

    /// The parameters a URL may carry.
    static let parameters = [
        "host", "port", "user", "password", "dbname", "sslmode", "sslrootcert", "application_name",
    ]

    /// `host:port` or the socket path, for messages.
    var server: String {
        switch endpoint {
        case .tcp(let host, let port): host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        case .socket(let path): path
        }
    }

    /// True for a unix socket or a TCP host on this machine.
    var isLocal: Bool {
        switch endpoint {
        case .socket: true
        case .tcp(let host, _): host == "localhost" || host == "::1" || host.hasPrefix("127.")
        }
    }
}

extension PostgresURL {
    init(parsing url: String) throws(PostgresPointError) {
        let raw = RawURL(url)
        redacted = raw.redacted
        func fail(_ problem: String) -> PostgresPointError { .invalidURL(url: raw.redacted, problem: problem) }

        guard raw.scheme == "postgres" || raw.scheme == "postgresql" else {
            throw fail("it must start with postgres:// or postgresql://")
        }
        var host: String? = nil
        var port: String? = nil
        if let authority = raw.hostAndPort, !authority.isEmpty {
            guard !authority.contains(",") else { throw fail("several hosts are not supported") }
            (host, port) = try Self.split(hostAndPort: authority, fail: fail)
        }
        user = try raw.userInfo?.user.map { s throws(PostgresPointError) in try Self.decode(s, fail: fail) }
        password = try raw.userInfo?.password.map { s throws(PostgresPointError) in try Self.decode(s, fail: fail) }
        database = try Self.decode(raw.path, fail: fail)
        if database?.isEmpty == true { database = nil }
        if let decoded = host { host = try Self.decode(decoded, fail: fail) }

        for (key, value) in try raw.parameters(fail: fail) {
            let value = try Self.decode(value, fail: fail)
            switch key {
            case "host": host = value
            case "port": port = value
            case "user": user = value
            case "password": password = value
            case "dbname": database = value
            case "sslmode":
                guard let mode = SSLMode(rawValue: value) else {
                    throw fail("sslmode \"\(value)\" is not one of "
                        + SSLMode.allCases.map(\.rawValue).joined(separator: ", "))
                }
                sslMode = mode
            case "sslrootcert": sslRootCertificate = value
            case "application_name": applicationName = value
            default:
                throw fail("unknown parameter \"\(key)\"; known: " + Self.parameters.joined(separator: ", "))
            }
        }

        let portNumber: Int
        if let port {
            guard let number = Int(port), (1...65535).contains(number) else {
                throw fail("port \"\(port)\" is not a number from 1 to 65535")
            }
            portNumber = number
        } else {
            portNumber = 5432
        }
        let hostName = host.flatMap { $0.isEmpty ? nil : $0 } ?? "/var/run/postgresql"
        if hostName.hasPrefix("/") {
            endpoint = .socket(path: "\(hostName)/.s.PGSQL.\(portNumber)")
        } else {
            endpoint = .tcp(host: hostName, port: portNumber)
        }
    }

    private static func split(
        hostAndPort: Substring, fail: (String) -> PostgresPointError
    ) throws(PostgresPointError) -> (host: String, port: String?) {
        if hostAndPort.hasPrefix("[") {
            guard let close = hostAndPort.firstIndex(of: "]") else { throw fail("unclosed [ in the host") }
            let host = hostAndPort[hostAndPort.index(after: hostAndPort.startIndex)..<close]
            let rest = hostAndPort[hostAndPort.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { throw fail("unexpected text after ]") }
            return (String(host), rest.isEmpty ? nil : String(rest.dropFirst()))
        }
        let parts = hostAndPort.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { throw fail("an IPv6 host must be written in brackets: [::1]") }
        return (String(parts[0]), parts.count == 2 ? String(parts[1]) : nil)
    }

    private static func decode<Text: StringProtocol>(
        _ text: Text, fail: (String) -> PostgresPointError
    ) throws(PostgresPointError) -> String {
        guard let decoded = String(text).removingPercentEncoding else {
            throw fail("a % is not followed by two hexadecimal digits")
        }
        return decoded
    }
}
