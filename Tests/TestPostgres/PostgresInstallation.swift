import Foundation

/// The PostgreSQL server programs on this machine (Debian's `postgresql` package puts them in
/// `/usr/lib/postgresql/VERSION/bin`) and the user they run as: the current one, or the
/// `postgres` system user when the tests run as root, since `initdb` and `postgres` refuse root.
struct PostgresInstallation {
    /// The folder holding `initdb`, `pg_ctl`, `postgres` and `psql`.
    let binaries: String
    /// The system user to run the server as, when running as root.
    let serverUser: String?

    /// Finds the newest installed version.
    static func find() throws -> PostgresInstallation {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        let usable = versions
            .filter { FileManager.default.isExecutableFile(atPath: "\(root)/\($0)/bin/initdb") }
            .sorted { $0.compare($1, options: .numeric) == .orderedAscending }
        guard let newest = usable.last else {
            throw TestPostgresError(
                "PostgreSQL server programs not found in \(root)/*/bin: run `make test`, which installs "
                    + "the `postgresql` package (or `apt-get install postgresql`)")
        }
        return PostgresInstallation(
            binaries: "\(root)/\(newest)/bin",
            serverUser: geteuid() == 0 ? "postgres" : nil
        )
    }

    /// Runs one of the server programs as the server user.
    func runAsServer(_ program: String, _ arguments: [String], in directory: String) throws -> CommandOutput {
        let path = "\(binaries)/\(program)"
        guard let serverUser else { return try CommandOutput.run(path, arguments, in: directory) }
        return try CommandOutput.run("/usr/sbin/runuser", ["-u", serverUser, "--", path] + arguments, in: directory)
    }

    /// Runs `psql` (as the current user: it only talks to the server over TCP).
    func psql(_ arguments: [String], input: String, in directory: String) throws -> CommandOutput {
        try CommandOutput.run("\(binaries)/psql", arguments, input: input, in: directory)
    }

    /// Makes `path` belong to the server user, so the server can write there.
    func handOver(_ path: String) throws {
        guard let serverUser else { return }
        let chown = try CommandOutput.run("/bin/chown", ["-R", "\(serverUser):", path], in: "/")
        guard chown.status == 0 else {
            throw TestPostgresError("cannot give \(path) to the \(serverUser) user: \(chown.combined)")
        }
    }
}
