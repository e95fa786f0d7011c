import Foundation
import TestTier

/// A real PostgreSQL server for one test: `initdb` in a temporary directory, started with `pg_ctl`
/// on a free 127.0.0.1 port, stopped and removed by ``stop()`` or `deinit`.
///
/// The role `cairn` owns the database `cairn` and connects without a password; any other role the
/// test creates (`CREATE ROLE reader LOGIN PASSWORD 'secret'`) must give its password
/// (scram-sha-256), so wrong-password paths can be tested. The server listens on 127.0.0.1 only and
/// puts its unix socket in its own directory, never the system one. When the tests run as root the
/// server runs as the `postgres` system user, since PostgreSQL refuses to run as root.
///
/// ```swift
/// let server = try TestPostgres()
/// defer { server.stop() }
/// _ = try server.psql("CREATE TABLE shops (id int, lon float8, lat float8)")
/// ```
public final class TestPostgres: @unchecked Sendable {
    /// The TCP port on 127.0.0.1.
    public let port: Int
    /// The directory holding the data directory, the log and the unix socket.
    public let directory: String
    /// The certificate the server offers over TLS (self-signed, for `127.0.0.1` and `localhost`),
    /// when started with `tls: true`; a client can trust it as its root certificate.
    public let certificatePath: String?

    private let installation: PostgresInstallation
    /// The server's own TLS certificate, to start it again the same way.
    private let certificate: TestCertificate?
    private let lock = NSLock()
    private var stopped = false

    /// A URL for the role `cairn` and database `cairn`, without TLS.
    public var url: String { "postgres://cairn@127.0.0.1:\(port)/cairn?sslmode=disable" }

    /// The server's log so far.
    public var log: String { (try? String(contentsOfFile: "\(directory)/server.log", encoding: .utf8)) ?? "" }

    /// Creates, starts and waits for a server; `tls` makes it offer TLS with a fresh self-signed
    /// certificate (see ``certificatePath``).
    public init(tls: Bool = false) throws {
        try TestTier.requireProcesses("PostgreSQL")
        installation = try PostgresInstallation.find()
        directory = try Self.makeDirectory()
        do {
            let certificate = tls ? try TestCertificate.make(in: directory) : nil
            self.certificate = certificate
            certificatePath = certificate?.certificatePath
            try installation.handOver(directory)
            if let certificate { try Self.restrict(certificate.keyPath) }
            try Self.initialize(installation, in: directory)
            port = try Self.start(installation, in: directory, certificate: certificate)
        } catch {
            _ = try? installation.runAsServer(
                "pg_ctl", ["stop", "-D", "\(directory)/data", "-m", "immediate"], in: directory)
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
        do {
            _ = try psql("CREATE DATABASE cairn", database: "postgres")
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// A 127.0.0.1 port that nothing listens on (a moment ago), for connection-refused tests.
    public static func closedPort() throws -> Int {
        try FreePort.pick()
    }

    /// Runs SQL (one or more statements) as `cairn` and returns what `psql` prints: unaligned rows,
    /// columns separated by `|`, no headers, without the last newline. Throws with `psql`'s
    /// message when a statement fails.
    @discardableResult
    public func psql(_ sql: String) throws -> String {
        try psql(sql, database: "cairn")
    }

    /// Whether `sql` prints `value` within `timeout` seconds, asked every 20 ms: for a test that
    /// waits for the server to reach a state (a query running, a statement done), not for time to pass.
    public func answers(_ sql: String, _ value: String, within timeout: Double = 10) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(timeout)
        while ContinuousClock.now < deadline {
            if (try? psql(sql)) == value { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return (try? psql(sql)) == value
    }

    /// Stops the server (fast shutdown: open connections are ended, as in a restart for an upgrade)
    /// and keeps it stopped, with its data, until ``start()``.
    public func stopForRestart() throws {
        let pgctl = try installation.runAsServer(
            "pg_ctl", ["stop", "-D", "\(directory)/data", "-m", "fast", "-w", "-t", "20"], in: directory)
        guard pgctl.status == 0 else { throw TestPostgresError("pg_ctl stop failed (\(pgctl.status)): \(pgctl.combined)") }
    }

    /// Starts the server stopped by ``stopForRestart()`` again, on the same port with the same data,
    /// and waits (at most 20 s) until it accepts connections.
    public func start() throws {
        let pgctl = try Self.launch(installation, in: directory, port: port, certificate: certificate)
        guard pgctl.status == 0 else { throw TestPostgresError("pg_ctl start failed (\(pgctl.status)): \(pgctl.combined)\nserver log:\n\(log)") }
    }

    /// Stops the server (fast shutdown: open connections are ended) and removes its directory.
    /// Safe to call more than once.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        _ = try? installation.runAsServer(
            "pg_ctl", ["stop", "-D", "\(directory)/data", "-m", "fast", "-w", "-t", "20"], in: directory)
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func psql(_ sql: String, database: String) throws -> String {
        let result = try installation.psql(
            [
                "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1",
                "-h", "127.0.0.1", "-p", String(port), "-U", "cairn", "-d", database,
            ],
            input: sql, in: directory)
        guard result.status == 0 else {
            throw TestPostgresError("psql failed (\(result.status)): \(result.combined)")
        }
        var output = result.standardOutput
        if output.hasSuffix("\n") { output.removeLast() }
        return output
    }
}

extension TestPostgres {
    /// A fresh directory with a short path (a unix socket path must stay under 108 bytes).
    private static func makeDirectory() throws -> String {
        let temporary = NSTemporaryDirectory()
        let parent = temporary.utf8.count <= 40 ? temporary : "/tmp"
        let path = (parent as NSString).appendingPathComponent("cairn-pg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return path
    }

    /// Makes the server's private key readable by its owner only, as PostgreSQL demands.
    private static func restrict(_ path: String) throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    }

    private static func initialize(_ installation: PostgresInstallation, in directory: String) throws {
        let initdb = try installation.runAsServer(
            "initdb",
            [
                "-D", "\(directory)/data", "-U", "cairn", "-A", "trust", "-E", "UTF8", "--no-locale",
                "--no-sync", "--no-instructions",
            ],
            in: directory)
        guard initdb.status == 0 else {
            throw TestPostgresError("initdb failed (\(initdb.status)): \(initdb.combined)")
        }
        let rules = """
            local all all trust
            host all cairn 127.0.0.1/32 trust
            host all all 127.0.0.1/32 scram-sha-256

            """
        try rules.write(toFile: "\(directory)/data/pg_hba.conf", atomically: false, encoding: .utf8)
    }

    /// Starts the server on a free port, trying another port if the picked one was taken meanwhile,
    /// and waits (at most 20 s) until it accepts connections.
    private static func start(
        _ installation: PostgresInstallation, in directory: String, certificate: TestCertificate?
    ) throws -> Int {
        let logPath = "\(directory)/server.log"
        var lastFailure = ""
        for _ in 0..<3 {
            let port = try FreePort.pick()
            let pgctl = try launch(installation, in: directory, port: port, certificate: certificate)
            if pgctl.status == 0 { return port }
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            lastFailure = "pg_ctl start failed (\(pgctl.status)): \(pgctl.combined)\nserver log:\n\(log)"
            guard log.contains("could not bind") || log.contains("Address already in use") else { break }
        }
        throw TestPostgresError(lastFailure)
    }

    /// `pg_ctl start` on `port`, logging to `server.log`, waiting at most 20 s.
    private static func launch(
        _ installation: PostgresInstallation, in directory: String, port: Int, certificate: TestCertificate?
    ) throws -> CommandOutput {
        var settings = [
            "listen_addresses=127.0.0.1", "port=\(port)", "unix_socket_directories=\(directory)",
            "fsync=off", "synchronous_commit=off", "full_page_writes=off",
        ]
        if let certificate {
            settings += ["ssl=on", "ssl_cert_file=\(certificate.certificatePath)", "ssl_key_file=\(certificate.keyPath)"]
        }
        let options = settings.map { "-c \($0)" }.joined(separator: " ")
        return try installation.runAsServer(
            "pg_ctl", ["start", "-D", "\(directory)/data", "-l", "\(directory)/server.log", "-w", "-t", "20", "-o", options],
            in: directory)
    }
}
