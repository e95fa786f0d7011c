import Foundation
import Testing
import TestTier
import TestUpstream
@testable import CairnServer

/// Signed URLs (`security.signing`, docs/signed-urls.md), answered by the server's router in
/// process: signed URLs are served as the unsigned server serves them; missing, wrong, re-ordered,
/// expired and tampered ones are 403s with their reason, counted, before any work; every key
/// verifies. The URLs are signed by ``URLSigner``, which ``URLSignerTests`` holds to an independent
/// Python signer (Tests/Support/sign_url.py). The tests that need a process carry the `.process`
/// trait: `cairn sign` (the first key signs, as Python does), the keys never showing in a real
/// server's log, and the refusal that must fetch nothing from an upstream on a socket.
@Suite struct SignedURLTests {
    static let firstKey = "k1-7wQp3Zr9-first-signing-key"
    static let secondKey = "k2-Lm4x8Tb2-second-signing-key"

    /// A keys file holding `keys` (mode 0600) in a new directory.
    static func keysFile(_ keys: [String]) throws -> String {
        let path = try temporaryDirectory() + "/keys"
        try (keys.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        return path
    }

    /// The security section that signs `routes` with the keys of `keys` (none: nothing signed).
    static func signing(_ keys: String?, routes: String = "[badges, static]") -> String {
        keys.map { "security: {signing: {keys_file: \"\($0)\", routes: \(routes)}}" } ?? ""
    }

    /// `target` signed with `key` by Cairn's ``URLSigner``, with `exp=` when given.
    static func signed(_ target: String, key: String = firstKey, exp: Int? = nil) -> String {
        URLSigner(keys: SigningKeys(lines: key)!).sign(target, expires: exp)
    }

    /// `target` signed with `key` by Tests/Support/sign_url.py, with `exp=` when given.
    static func pythonSigned(_ target: String, key: String, exp: String? = nil) throws -> String {
        let run = try ClusterCLI.run([repositoryRoot + "/Tests/Support/sign_url.py", key, target] + (exp.map { [$0] } ?? []),
                                     program: URL(fileURLWithPath: "/usr/bin/python3"))
        try #require(run.status == 0, "\(run.stderr)")
        return String(decoding: run.stdout, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    static var now: Int { Int(Date().timeIntervalSince1970) }

    @Test func signedURLsServeWhatAnUnsignedServerServes() async throws {
        let keys = try Self.keysFile([Self.firstKey])
        try await InProcessServer.with(config: TestConfig.world(sections: Self.signing(keys))) { signedServer throws in
            try await InProcessServer.with(config: TestConfig.world()) { openServer throws in
                for target in ["/badges/42.png?style=ios&scale=2", "/static/world/0,0,1/96x64.png", "/badges/7.png"] {
                    let open = try await openServer.request(target)
                    try #require(open.status == 200, "\(target): \(open.text)")
                    let lasting = Self.signed(target)
                    // Ten minutes from now on the server's clock, whenever the request comes.
                    let expiring = Self.signed(target, exp: Int(signedServer.clock.now()) + 600)
                    for signed in [lasting, expiring] {
                        let answer = try await signedServer.request(signed)
                        #expect(answer.status == 200 && answer.body == open.body, "\(signed): \(answer.status) \(answer.text.prefix(200))")
                        let head = try await signedServer.request(signed, method: "HEAD")
                        #expect(head.status == 200 && head.body.isEmpty, "HEAD \(signed): \(head.status)")
                        // Caches may keep an expiring URL's answer only until it expires.
                        let maxAge = try #require(answer.header("Cache-Control")?.firstMatch(of: /max-age=(\d+)/).flatMap { Int($0.1) })
                        if signed == expiring {
                            #expect(maxAge == 600, "\(answer.header("Cache-Control") ?? "")")
                        } else {
                            #expect(answer.header("Cache-Control") == open.header("Cache-Control") && maxAge > 600)
                        }
                    }
                }
            }
        }
    }

    /// A process test for its upstream on a socket, which shows that a refused static map fetched nothing.
    @Test(.process) func badSignaturesAre403sWithTheirReasonBeforeAnyWork() async throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let keys = try Self.keysFile([Self.firstKey])
        try await InProcessServer.with(config: TestConfig.world(upstream, sections: Self.signing(keys))) { server throws in
            let good = Self.signed("/badges/42.png?style=ios&scale=2")
            let signature = String(try #require(good.split(separator: "sig=").last))
            let expired = Self.signed("/badges/42.png?style=ios", exp: Int(server.clock.now()) - 10)
            let soon = Int(server.clock.now()) + 60
            let later = Self.signed("/badges/42.png?style=ios", exp: soon)
            let cases: [(String, String, String)] = [
                ("/badges/42.png?style=ios&scale=2", "missing sig= (this route is signed)", "missing"),
                ("/badges/42.png?style=ios&scale=2&sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "signature does not match", "mismatch"),
                // Signed for another query, re-ordered, and signed with a key the server does not have.
                ("/badges/42.png?style=google&scale=2&sig=\(signature)", "signature does not match", "mismatch"),
                ("/badges/42.png?scale=2&style=ios&sig=\(signature)", "signature does not match", "mismatch"),
                (Self.signed("/badges/42.png?style=ios&scale=2", key: Self.secondKey), "signature does not match", "mismatch"),
                (expired, "the signature expired at ", "expired"),
                (later.replacingOccurrences(of: "exp=\(soon)", with: "exp=\(soon + 6000)"), "signature does not match", "mismatch"),
                (Self.signed("/badges/42.png?exp=soon"), "exp= must be a whole number of unix seconds", "malformed"),
                (good + "&sig=\(signature)", "sig= is given more than once", "malformed"),
                // A static map refused before its tiles are fetched.
                ("/static/world/0,0,1/96x64.png", "missing sig= (this route is signed)", "missing"),
            ]
            for (target, reason, _) in cases {
                let answer = try await server.request(target)
                #expect(answer.status == 403 && answer.text.hasPrefix("error: \(reason)") && answer.text.hasSuffix("\n"),
                        "\(target): \(answer.status) \(answer.text)")
                #expect(answer.header("Cache-Control") == "no-store")
            }
            #expect(upstream.totalRequests == 0, "a refused static map fetched tiles")
            #expect(try await server.request(good).status == 200)
            for label in ["missing", "mismatch", "expired", "malformed"] {
                let count = cases.filter { $0.2 == label }.count
                #expect(try await server.metric("cairn_signature_rejections_total", ["reason": label]) == Double(count), "\(label)")
            }
            #expect(try await server.metric("cairn_http_requests_total", ["status": "403"]) == Double(cases.count))
        }
    }

    @Test func everyKeyVerifiesAndOtherRoutesStayOpen() async throws {
        let keys = try Self.keysFile([Self.firstKey, "  ", Self.secondKey + " \r"])
        try await InProcessServer.with(config: TestConfig.world(sections: Self.signing(keys))) { server throws in
            for key in [Self.firstKey, Self.secondKey] {
                let target = Self.signed("/badges/5.png?style=leaflet", key: key)
                #expect(try await server.request(target).status == 200, "signed with \(key)")
            }
            // Tiles, TileJSON, cards, the catalog, health: not listed, so open.
            for target in ["/tiles/world/1/0/0.png", "/tiles/world.json", "/cards/none.png?title=Open", "/catalog.json", "/health"] {
                let answer = try await server.request(target)
                #expect(answer.status == 200, "\(target): \(answer.status) \(answer.text.prefix(200))")
            }
            let catalogAnswer = try await server.request("/catalog.json")
            let catalog = try #require(try JSONSerialization.jsonObject(with: Data(catalogAnswer.body)) as? [String: Any])
            #expect(catalog["signed_routes"] as? [String] == ["badges", "static"])
        }
    }

    @Test(.process) func cairnSignSignsWithTheFirstKeyAsPythonDoesAndRefusesBadInput() throws {
        let keys = try Self.keysFile([Self.firstKey, Self.secondKey])
        let directory = (keys as NSString).deletingLastPathComponent
        try "security: {signing: {keys_file: keys, routes: [cards]}}\n".write(toFile: directory + "/cairn.yml", atomically: true, encoding: .utf8)
        try "layers: {}\n".write(toFile: directory + "/unsigned.yml", atomically: true, encoding: .utf8)
        try " \n\n".write(toFile: directory + "/blank", atomically: true, encoding: .utf8)
        for (url, origin, target) in [("http://maps.example:8080/cards/7.png?title=Caf%C3%A9", "http://maps.example:8080", "/cards/7.png?title=Caf%C3%A9"),
                                      ("/static/osm/2.35,48.85,12/600x400@2x.png", "", "/static/osm/2.35,48.85,12/600x400@2x.png")] {
            let withKeys = try ClusterCLI.run(["sign", url, "--keys-file", keys])
            let withConfig = try ClusterCLI.run(["sign", url, "--config", directory + "/cairn.yml"])
            let expected = try origin + Self.pythonSigned(target, key: Self.firstKey) + "\n"
            #expect(withKeys.status == 0 && String(decoding: withKeys.stdout, as: UTF8.self) == expected, "\(withKeys.stderr)")
            #expect(withConfig.status == 0 && String(decoding: withConfig.stdout, as: UTF8.self) == expected, "\(withConfig.stderr)")
        }
        // --expires: exp= an hour from now, before sig=, signed.
        let before = Self.now
        let run = try ClusterCLI.run(["sign", "/badges/3.png?style=ios", "--keys-file", keys, "--expires", "1h"])
        let output = String(decoding: run.stdout, as: UTF8.self)
        let exp = try #require(output.firstMatch(of: /exp=(\d+)&sig=/).flatMap { Int($0.1) }, "\(output) \(run.stderr)")
        #expect((before + 3600...Self.now + 3601).contains(exp))
        let expected = try Self.pythonSigned("/badges/3.png?style=ios", key: Self.firstKey, exp: "\(exp)") + "\n"
        #expect(output == expected)

        let refusals: [([String], Int32, String)] = [
            (["sign", "/a.png"], 64, "either --config or --keys-file"),
            (["sign", "/a.png?sig=x", "--keys-file", keys], 64, "signed already"),
            (["sign", "/a.png?exp=5", "--keys-file", keys, "--expires", "1h"], 64, "has exp= already"),
            (["sign", "/a.png", "--keys-file", keys, "--expires", "soon"], 64, "--expires: 'soon' is not a duration"),
            (["sign", "/cards/x.png?title=a b", "--keys-file", keys], 64, "percent-encoded"),
            (["sign", "ftp://host/a.png", "--keys-file", keys], 64, "expected an http:// or https:// URL"),
            (["sign", "/a.png", "--keys-file", directory + "/missing"], 74, "cannot read the keys file (no such file)"),
            (["sign", "/a.png", "--config", directory + "/missing.yml"], 64, "cannot read the configuration file"),
            (["sign", "/a.png", "--config", directory + "/unsigned.yml"], 64, "no security.signing: this server signs no URLs"),
            (["sign", "/a.png", "--keys-file", directory + "/blank"], 65, "the file has no keys"),
        ]
        for (arguments, status, message) in refusals {
            let refused = try ClusterCLI.run(arguments)
            let errors = refused.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
            #expect(refused.status == status && errors.count == 1 && errors[0].contains(message) && refused.stdout.isEmpty,
                    "\(arguments): \(refused.status) \(refused.stderr)")
        }
    }

    /// What a real `cairn serve` logs on stderr at `debug`, and answers.
    @Test(.process) func theKeysNeverShow() throws {
        let keys = try Self.keysFile([Self.firstKey, Self.secondKey])
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: keys)
        let server = try ServerProcess(config: TestConfig.world(sections: Self.signing(keys, routes: "[tiles, clusters, badges, cards, static]")),
                                       arguments: ["--log-level", "debug"])
        defer { server.kill() }
        var answers = ""
        for target in ["/catalog.json", "/health", "/", "/badges/1.png", "/badges/1.png?sig=x", "/tiles/world/0/0/0.png",
                       Self.signed("/tiles/world/0/0/0.png", key: Self.secondKey), "/metrics"] {
            let answer = try server.request(target)
            answers += answer.text + answer.headers.map { "\($0.0): \($0.1)" }.joined(separator: "\n")
        }
        // The keys file is readable by others: the server says so, naming the file only.
        #expect(server.log.contains("\(keys) can be read by others than its owner (mode 0644)"), "\(server.log)")
        _ = server.terminate()
        for key in [Self.firstKey, Self.secondKey, "7wQp3Zr9", "Lm4x8Tb2"] {
            #expect(!answers.contains(key) && !server.log.contains(key), "\(key) showed")
        }
    }

    @Test func routeGroupsFollowTheMatchedRoute() {
        let cases: [(String, String, [SignedRoute])] = [
            ("/tiles/{layer}/{z}/{x}/{file}", "/tiles/osm/1/2/3.png", [.tiles]),
            ("/tiles/{layer}", "/tiles/osm.json", []),
            ("/static/{layer}/{view}/{file}", "/static/osm/0,0,1/10x10.png", [.static]),
            ("/badges/{file}", "/badges/5.png", [.badges]),
            ("/cards/{file}", "/cards/5.png", [.cards]),
            ("/cards.png", "/cards.png", [.cards]),
            ("/clusters/{dataset}", "/clusters/places", [.clusters]),
            ("/clusters/{dataset}/{z}/{x}", "/clusters/places/12/children", [.clusters]),
            ("/clusters/{dataset}/{z}/{x}/{file}", "/clusters/places/3/4/5.mvt", [.clusters]),
            ("/clusters/{dataset}/{z}/{x}/{file}", "/clusters/places/points/17/card.png", [.clusters, .cards]),
            ("/health", "/health", []), ("/catalog.json", "/catalog.json", []), ("/", "/", []),
        ]
        for (endpoint, path, groups) in cases {
            #expect(SignedRoute.groups(endpoint: endpoint, path: path) == groups, "\(path)")
        }
    }
}
