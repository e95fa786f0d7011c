import Foundation
import Testing
import TestTier

/// Every error answer has the one shape docs/http-api.md documents — `Content-Type: text/plain;
/// charset=utf-8` and a body `error: …` naming the problem — whoever gives it: a route, the
/// router's fallback (an unknown path, a method the route does not take: 405 with `Allow`), or the
/// connection for a request that does not parse.
@Suite struct ErrorAnswerTests {
    /// One bad request: what it is, and the status and the words its answer must have.
    struct Case: CustomStringConvertible {
        let method: String, target: String, body: [UInt8]
        let status: Int, names: String
        init(_ method: String, _ target: String, body: [UInt8] = [], _ status: Int, naming names: String) {
            (self.method, self.target, self.body, self.status, self.names) = (method, target, body, status, names)
        }
        var description: String { "\(method) \(target)" }
    }

    static let routed = [
        Case("GET", "/no/such/route", 404, naming: "no route for /no/such/route"),
        Case("GET", "/tiles/nope/1/1/1.png", 404, naming: "no layer"),
        Case("POST", "/tiles/world/1/1/1.png", 405, naming: "POST is not a method this route takes (it takes GET, HEAD"),
        Case("DELETE", "/health", 405, naming: "DELETE is not a method"),
        Case("GET", "/cards.png", 405, naming: "it takes OPTIONS, POST"),
        Case("PATCH", "/admin/cache", 404, naming: "the admin API is off"),
        Case("GET", "/badges/x.png", 400, naming: "count must be a whole number"),
        Case("POST", "/cards.png", body: Array("not json".utf8), 400, naming: "the body must be JSON"),
        Case("POST", "/cards.png", body: Array(repeating: UInt8(ascii: "x"), count: 2048), 413, naming: "the body is over 1000 bytes"),
        Case("GET", "/badges/5.png?style=huge", 500, naming: "internal error"),
    ]

    /// The `Allow` each 405 above must carry (HEAD wherever GET, OPTIONS because CORS is on).
    static let allow = ["/tiles/world/1/1/1.png": "GET, HEAD, OPTIONS", "/health": "GET, HEAD, OPTIONS",
                        "/cards.png": "OPTIONS, POST"]

    @Test(arguments: routed) func aRoutedErrorHasItsStatusTypeAndABodyNamingIt(_ bad: Case) async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A style whose badges are wider than Cairo's largest surface: every one fails to render (500).
        try "base: ios\nring: {width: 20000}\n".write(toFile: directory + "/huge.yml", atomically: true, encoding: .utf8)
        let config = TestConfig.world(sections: "server: {max_body: 1kB}\nbadges: {styles: {huge: {file: \(directory)/huge.yml}}}")
        let answer = try await InProcessServer.with(config: config) { server in
            try await server.request(bad.target, method: bad.method, body: bad.body)
        }
        #expect(answer.status == bad.status, "\(answer.text)")
        #expect(answer.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(answer.text.hasPrefix("error: ") && answer.text.contains(bad.names), "\(answer.text)")
        #expect(answer.header("Allow") == Self.allow[bad.target.split(separator: "?")[0].description].flatMap { bad.status == 405 ? $0 : nil })
    }

    /// Over a real socket, past the hot lane: a POST to a tile path the lane has in memory is the
    /// router's 405; the requests the HTTP parser refuses get the same shape, a header over the
    /// limits a 431.
    @Test(.process) func overASocketTheLaneAndTheParserAnswerInTheSameShape() throws {
        let server = try ServerProcess(config: TestConfig.world())
        defer { server.kill() }
        #expect(try server.request("/tiles/world/1/1/1.png").status == 200)
        #expect(try server.request("/tiles/world/1/1/1.png").header("Cache-Status") == "cairn; hit")
        let post = try server.request("/tiles/world/1/1/1.png", method: "POST")
        #expect(post.status == 405 && post.header("Allow") == "GET, HEAD, OPTIONS", "\(post.status) \(post.text)")
        #expect(post.header("Content-Type") == "text/plain; charset=utf-8" && post.text.hasPrefix("error: POST is not a method"))

        let filler = (0..<100).map { "X-Filler-\($0): \(String(repeating: "z", count: 1000))\r\n" }.joined()
        for (request, status, names) in [
            ("GET /health HTTP/1.1\r\nHost: a\r\nContent-Length: -5\r\n\r\n", 400, "not valid HTTP/1.1"),
            ("GET /health HTTP/1.1\r\n\r\n", 400, "exactly one Host field"),
            ("GET /health HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400, "exactly one Host field"),
            ("HELLO\r\n\r\n", 400, "not valid HTTP/1.1"),
            ("GET /health HTTP/1.1\r\nHost: a\r\n\(filler)\r\n", 431, "header fields are over the server's limit"),
        ] {
            let answer = try HTTPClient.parse(HTTPClient.exchange(Array(request.utf8), port: server.port, timeout: 10),
                                              method: "GET", target: "/health")
            #expect(answer.status == status, "\(request.prefix(60)): \(answer.status) \(answer.text)")
            #expect(answer.header("Content-Type") == "text/plain; charset=utf-8" && answer.header("Connection") == "close")
            #expect(answer.text.hasPrefix("error: ") && answer.text.contains(names), "\(answer.text)")
        }
        #expect(try server.request("/health").status == 200)
    }
}
