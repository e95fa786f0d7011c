import Foundation
import PostgresNIO

extension PostgresURL {
    /// The PostgresNIO connection settings: the endpoint, the login, TLS as `sslmode` asks (when
    /// absent: off for a unix socket or a loopback host, `prefer` otherwise, as libpq does) and
    /// `timeout` for connecting.
    func configuration(connectTimeout timeout: Duration) throws(PostgresPointError) -> PostgresConnection.Configuration {
        let username = user ?? Self.systemUserName
        var configuration: PostgresConnection.Configuration
        switch endpoint {
        case .tcp(let host, let port):
            configuration = .init(
                host: host, port: port, username: username, password: password, database: database, tls: try tls())
        case .socket(let path):
            configuration = .init(unixSocketPath: path, username: username, password: password, database: database)
        }
        let (seconds, attoseconds) = timeout.components
        configuration.options.connectTimeout = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        configuration.options.additionalStartupParameters = [("application_name", applicationName ?? "cairn")]
        return configuration
    }

    private func tls() throws(PostgresPointError) -> PostgresConnection.Configuration.TLS {
        switch sslMode ?? (isLocal ? .disable : .prefer) {
        case .disable: .disable
        case .prefer: .prefer(try tlsContext(.none))
        // As libpq: `require` with a root certificate checks the chain like `verify-ca`.
        case .require: .require(try tlsContext(sslRootCertificate == nil ? .none : .noHostnameVerification))
        case .verifyCA: .require(try tlsContext(.noHostnameVerification))
        case .verifyFull: .require(try tlsContext(.fullVerification))
        }
    }

    private func tlsContext(_ verification: CertificateVerification) throws(PostgresPointError) -> NIOSSLContext {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = verification
        if let sslRootCertificate { tls.trustRoots = .file(sslRootCertificate) }
        do {
            return try NIOSSLContext(configuration: tls)
        } catch {
            throw .invalidURL(url: redacted, problem: "cannot set up TLS with sslrootcert \(sslRootCertificate ?? "(none)"): \(error)")
        }
    }

    /// libpq's default user: the one this process runs as.
    private static var systemUserName: String {
        guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return "postgres" }
        return String(cString: name)
    }
}
