import Foundation
import Testing
import Tiles
@testable import CairnServer

/// Secrets kept out of the configuration file: `${NAME}` from the environment in any value,
/// ``SecretFile`` (one trailing newline trimmed, a warning for files others may read), a
/// PostgreSQL dataset's `password_file` and the signing keys file, with errors naming the key.
@Suite struct SecretConfigTests {
    /// A new directory holding `files` (name → contents), each with mode 0600 unless `mode` says otherwise.
    private func directory(_ files: [String: String], mode: Int = 0o600) throws -> String {
        let directory = try temporaryDirectory()
        for (name, text) in files {
            try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: directory + "/" + name)
        }
        return directory
    }

    /// The problem `yaml` is refused with, as `path: problem`.
    private func refusal(_ yaml: String, directory: String = ".", environment: [String: String] = [:]) -> String? {
        do {
            _ = try ServerConfig(yaml: yaml, directory: directory, environment: environment)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func valuesTakeTheEnvironment() throws {
        let config = try ServerConfig(yaml: """
            server: {port: "${PORT}", base_url: "https://${HOST}/maps"}
            layers:
              a:
                source: {url: "https://tiles.example/{z}/{x}/{y}.png?key=${TILE_KEY}", headers: {Authorization: "Bearer ${TOKEN}"}}
                attribution: "$${NOT_A_VARIABLE} costs $5, ${ not a name }, $ {X}, ${1X}"
                chain: [{text: {text: "${LABEL}"}}]
            """, environment: ["PORT": "9090", "HOST": "maps.example", "TILE_KEY": "k-123", "TOKEN": "t-456", "LABEL": "© ACME"])
        #expect(config.server.port == 9090)
        #expect(config.server.baseURL == "https://maps.example/maps")
        #expect(config.layers[0].source.url == "https://tiles.example/{z}/{x}/{y}.png?key=k-123")
        #expect(config.layers[0].source.http.headers["Authorization"] == "Bearer t-456")
        #expect(config.layers[0].attribution == "${NOT_A_VARIABLE} costs $5, ${ not a name }, $ {X}, ${1X}")
        // The chain is read from the YAML nodes by Tiles: substituted there too.
        #expect((config.layers[0].chain.renderers.first as? TextRenderer)?.text == "© ACME")
        // Substituted text is not substituted again.
        let twice = try ServerConfig(yaml: "layers: {a: {source: {url: \"http://x/{z}/{x}/{y}.png\"}, attribution: \"${A}\"}}",
                                     environment: ["A": "${B}", "B": "no"])
        #expect(twice.layers[0].attribution == "${B}")
        // A YAML alias repeats the substituted value.
        let aliased = try ServerConfig(yaml: """
            layers:
              a: {source: {url: &template "http://x/{z}/{x}/{y}.png?k=${K}"}}
              b: {source: {url: *template}}
            """, environment: ["K": "v"])
        #expect(aliased.layers.map(\.source.url) == ["http://x/{z}/{x}/{y}.png?k=v", "http://x/{z}/{x}/{y}.png?k=v"])
    }

    @Test func anUnsetVariableIsAnErrorNamingItAndTheKey() {
        #expect(refusal("server: {host: \"${CAIRN_TEST_UNSET}\"}")
                == "server.host: the environment variable CAIRN_TEST_UNSET is not set (the value names ${CAIRN_TEST_UNSET})")
        #expect(refusal("layers: {a: {source: {url: \"http://x/{z}/{x}/{y}.png\", subdomains: [a, \"${SUB}\"]}}}")
                == "layers.a.source.subdomains[1]: the environment variable SUB is not set (the value names ${SUB})")
        // An empty variable is set: quoted, the value is empty text.
        #expect(refusal("server: {cors: \"${EMPTY}\"}", environment: ["EMPTY": ""]) == nil)
    }

    @Test func secretFilesTrimOneNewlineAndWarnAboutLaxModes() throws {
        let strict = try directory(["unix": "s3cret\n", "dos": "s3cret\r\n", "two": "s3cret\n\n", "none": "s3cret", "empty": "", "newline": "\n"])
        #expect(try SecretFile.read(path: strict + "/unix") == ("s3cret", nil))
        #expect(try SecretFile.read(path: strict + "/dos") == ("s3cret", nil))
        #expect(try SecretFile.read(path: strict + "/two") == ("s3cret\n", nil))
        #expect(try SecretFile.read(path: strict + "/none") == ("s3cret", nil))
        for (name, problem) in [("empty", "the file is empty"), ("newline", "the file is empty"), ("missing", "No such file or directory")] {
            #expect(throws: SecretFile.Problem(description: "\(strict)/\(name): \(problem)")) { try SecretFile.read(path: strict + "/" + name) }
        }
        #expect(throws: SecretFile.Problem(description: "\(strict): not a regular file")) { try SecretFile.read(path: strict) }
        let lax = try directory(["group": "s3cret\n"], mode: 0o640)
        let (secret, warning) = try SecretFile.read(path: lax + "/group")
        #expect(secret == "s3cret")
        #expect(warning == "\(lax)/group can be read by others than its owner (mode 0640): chmod 600 it")
        #expect(warning?.contains("s3cret") == false)
    }

    @Test func signingReadsItsKeysFileFromTheConfigurationsDirectory() throws {
        let files = try directory(["keys": "first key  \r\n\n  second\n", "blank": " \n\n", "empty": ""])
        let config = try ServerConfig(yaml: "security: {signing: {keys_file: keys, routes: [static, cards, cards]}}", directory: files)
        let signing = try #require(config.security.signing)
        #expect(signing.keysFile == files + "/keys" && signing.routes == [.static, .cards] && signing.keys.count == 2)
        #expect(config.warnings.isEmpty)
        #expect("\(signing.keys)" == "2 signing keys" && !"\(signing)".contains("first key"))
        // The first key ("first key", trailing spaces and CR gone) signs; the second (leading spaces kept) verifies.
        let signer = URLSigner(keys: signing.keys)
        let first = URLSigner(keys: try #require(SigningKeys(lines: "first key")))
        #expect(signer.sign("/static/a/0,0,1/10x10.png") == first.sign("/static/a/0,0,1/10x10.png"))
        let second = URLSigner(keys: try #require(SigningKeys(lines: "  second"))).sign("/cards/1.png?title=a")
        #expect(signer.check(path: "/cards/1.png", query: String(second.split(separator: "?")[1]), now: 0) == .success(nil))

        let known = "(known: badges, cards, clusters, static, tiles)"
        #expect(refusal("security: {signing: {keys_file: keys, routes: [static, maps]}}", directory: files)
                == "security.signing.routes[1]: no route group 'maps' \(known)")
        #expect(refusal("security: {signing: {keys_file: keys, routes: []}}", directory: files)
                == "security.signing.routes: list the routes to sign (badges, cards, clusters, static, tiles)")
        #expect(refusal("security: {signing: {keys_file: keys}}", directory: files)
                == "security.signing.routes: list the routes to sign (badges, cards, clusters, static, tiles)")
        #expect(refusal("security: {signing: {routes: [tiles]}}", directory: files) == "security.signing.keys_file: signing needs the file of its keys")
        #expect(refusal("security: {signing: {keys_file: missing, routes: [tiles]}}", directory: files)
                == "security.signing.keys_file: \(files)/missing: No such file or directory")
        #expect(refusal("security: {signing: {keys_file: empty, routes: [tiles]}}", directory: files)
                == "security.signing.keys_file: \(files)/empty: the file is empty")
        #expect(refusal("security: {signing: {keys_file: blank, routes: [tiles]}}", directory: files)
                == "security.signing.keys_file: \(files)/blank: the file has no keys")
        #expect(refusal("security: {signing: {keys_file: \"${KEYS}\", routes: [tiles]}}", directory: files, environment: ["KEYS": files + "/keys"]) == nil)
        #expect(refusal("security: {tokens: x}")?.hasPrefix("security.tokens: unknown key (valid here: signing)") == true)
    }

    @Test func aPasswordFileSuppliesThePostgresPassword() throws {
        let files = try directory(["password": "pa:ss@word/%\n"], mode: 0o644)
        let yaml = """
            datasets:
              places:
                postgres: {url: "postgres://reader@db.internal/cairn?sslmode=disable", password_file: password, query: "SELECT id, lon, lat FROM places"}
            """
        let config = try ServerConfig(yaml: yaml, directory: files)
        guard case .postgres(let query) = config.datasets[0].source else { Issue.record("not a PostgreSQL dataset"); return }
        #expect(query.password == "pa:ss@word/%")
        #expect(config.warnings == ["\(files)/password can be read by others than its owner (mode 0644): chmod 600 it"])
        #expect(!"\(query)".contains("pa:ss") && !String(reflecting: query).contains("pa:ss") && !"\(config.datasets[0].source)".contains("pa:ss"))
        #expect(refusal(yaml.replacingOccurrences(of: "password_file: password", with: "password_file: nope"), directory: files)
                == "datasets.places.postgres.password_file: \(files)/nope: No such file or directory")
        // A URL from the environment that is refused is shown without its password.
        let problem = refusal("datasets: {p: {postgres: {url: \"${DB_URL}\", query: \"SELECT 1\"}}}",
                              environment: ["DB_URL": "postgres://reader:Pw-env-secret@db.internal/cairn?bogus=1"])
        #expect(problem?.hasPrefix("datasets.p.postgres.url: invalid PostgreSQL URL postgres://reader:***@db.internal/cairn?bogus=1") == true
                && problem?.contains("Pw-env-secret") == false, "\(problem ?? "accepted")")
    }
}
