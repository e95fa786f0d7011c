import Foundation
import Testing
import TestPostgres
import TestUpstream
import TestSupport
import TestTier

/// The real server with PostgreSQL datasets whose passwords come from a `password_file` and from a
/// `${DB_URL}` in the environment: both log in, and neither password shows in anything the server
/// printed or answered, at start, while serving or when it refuses to start.
@Suite(.process, .datasetPostgres) struct SecretLeakTests {
    static let filePassword = "Fp-9c1Qz-from-a-file"
    static let environmentPassword = "Ev-4k7Yw-from-the-env"

    /// Roles `fileSUFFIX` and `envSUFFIX` with their passwords and a table `placesSUFFIX` both may
    /// read (the tests share the server, and roles belong to the whole server).
    static func prepare(_ database: TestPostgres, _ suffix: String) throws {
        try database.psql("""
            CREATE ROLE file\(suffix) LOGIN PASSWORD '\(filePassword)';
            CREATE ROLE env\(suffix) LOGIN PASSWORD '\(environmentPassword)';
            CREATE TABLE places\(suffix) (id int, name text, lon float8, lat float8);
            INSERT INTO places\(suffix) VALUES (1, 'Paris', 2.35, 48.85), (2, 'Berlin', 13.40, 52.52);
            GRANT SELECT ON places\(suffix) TO file\(suffix), env\(suffix);
            """)
    }

    /// Datasets `fromfile` (the password in `passwordFile`) and `fromenv` (`${DB_URL}`).
    static func config(_ database: TestPostgres, _ suffix: String, passwordFile: String) -> String {
        """
        layers: {}
        datasets:
          fromfile:
            postgres: {url: "postgres://file\(suffix)@127.0.0.1:\(database.port)/cairn?sslmode=disable", password_file: "\(passwordFile)",
                       query: "SELECT id, name, lon, lat FROM places\(suffix)", timeout: 5s}
          fromenv:
            postgres: {url: "${DB_URL}", query: "SELECT id, name, lon, lat FROM places\(suffix)", timeout: 5s}
        """
    }

    static func environment(_ database: TestPostgres, _ suffix: String, password: String) -> [String: String] {
        ["DB_URL": "postgres://env\(suffix):\(password)@127.0.0.1:\(database.port)/cairn?sslmode=disable"]
    }

    /// A file holding `text` and a newline, readable by everyone (so the server warns).
    static func passwordFile(_ text: String) throws -> String {
        let path = try temporaryDirectory() + "/db-password"
        try (text + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        return path
    }

    @Test func passwordsFromAFileAndTheEnvironmentLogInAndNeverShow() throws {
        let database = try DatasetPostgres.server
        try Self.prepare(database, "_served")
        let file = try Self.passwordFile(Self.filePassword)
        let server = try ServerProcess(config: Self.config(database, "_served", passwordFile: file),
                                       environment: Self.environment(database, "_served", password: Self.environmentPassword),
                                       arguments: ["--log-level", "trace"])
        defer { server.kill() }
        var answers = ""
        for dataset in ["fromfile", "fromenv"] {
            let answer = try server.request("/clusters/\(dataset)?zoom=16")
            let features = answer.status == 200 ? try GeoFeature.collection(answer.body) : []
            #expect(features.count == 2, "\(dataset): \(answer.status) \(answer.text.prefix(300))")
            answers += answer.text
        }
        for target in ["/catalog.json", "/health", "/metrics", "/", "/clusters/nope", "/clusters/fromenv?zoom=x", "/clusters/fromfile/9/children"] {
            let answer = try server.request(target)
            answers += "\(answer.status) " + answer.text + answer.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
        }
        // A refresh (SIGHUP) logs again.
        kill(server.processIdentifier, SIGHUP)
        #expect(eventually(timeout: 10) { (try? server.metric("cairn_dataset_loads_total", ["dataset": "fromenv"])) == 2 })
        #expect(server.log.contains("\(file) can be read by others than its owner (mode 0644): chmod 600 it"), "\(server.log)")
        _ = server.terminate()
        for secret in [Self.filePassword, Self.environmentPassword, "9c1Qz", "4k7Yw"] {
            #expect(!answers.contains(secret), "an answer showed \(secret)")
            #expect(!server.log.contains(secret), "the log showed \(secret):\n\(server.log)")
        }
    }

    @Test func aWrongPasswordStopsTheServerWithoutShowingIt() throws {
        let database = try DatasetPostgres.server
        try Self.prepare(database, "_refused")
        let wrong = "Wr-0ng-6pXv-password"
        let good = try Self.passwordFile(Self.filePassword)
        for (file, environment) in [(try Self.passwordFile(wrong), Self.environment(database, "_refused", password: Self.environmentPassword)),
                                    (good, Self.environment(database, "_refused", password: wrong))] {
            let (status, stderr) = try ServerProcess.failedStart(config: Self.config(database, "_refused", passwordFile: file),
                                                                 environment: environment)
            let errors = stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
            #expect(status == 74 && errors.count == 1 && errors[0].contains("password authentication failed"), "\(stderr)")
            for secret in [wrong, Self.filePassword, Self.environmentPassword] {
                #expect(!stderr.contains(secret), "\(stderr)")
            }
        }
    }
}

/// An upstream API key from `${…}` in a tile source's URL, and a token in its headers: when the
/// upstream fails, the 502 and the log name the URL with the key as `***`; the header shows nowhere
/// (not even in the services ServiceLifecycle describes at debug level).
@Suite(.process) struct UpstreamSecretTests {
    @Test func aFailingUpstreamsAnswerAndLogHideTheKey() throws {
        let upstream = try TestUpstream { _ in .status(500) }
        let key = "Tk-3hV8-upstream-key", token = "Hd-5nQ2-header-token"
        let server = try ServerProcess(config: """
            layers:
              world:
                source: {url: "\(upstream.baseURL)/{z}/{x}/{y}.png?key=${TILE_KEY}&lang=en", retries: 0,
                         headers: {Authorization: "Bearer ${TILE_TOKEN}"}}
            """, environment: ["TILE_KEY": key, "TILE_TOKEN": token], arguments: ["--log-level", "trace"])
        defer { server.kill() }
        let answer = try server.request("/tiles/world/1/0/0.png")
        #expect(answer.status == 502 && answer.text.contains("GET \(upstream.baseURL)/1/0/0.png?key=***&lang=en: HTTP 500"), "\(answer.text)")
        _ = server.terminate()
        for secret in [key, token] {
            #expect(!answer.text.contains(secret) && !server.log.contains(secret), "\(server.log)")
        }
    }
}
