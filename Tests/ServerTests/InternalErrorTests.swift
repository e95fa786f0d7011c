import Foundation
import Testing
import TestTier
@testable import CairnServer

/// Failures that are not a ``ServeError`` (a badge or card that fails to render or encode) go
/// through the same middleware as the others: a 500 whose body says only "internal error", a
/// warning log line with the route and the cause, and a count in the request metrics.
@Suite(.process) struct InternalErrorTests {
    @Test func errorsMapToWhatTheyMeanForTheClient() {
        struct Broken: Error {}
        #expect(ServeError(unexpected: Broken()).statusCode == 500)
        #expect(ServeError(unexpected: Broken()).publicMessage == "internal error")
        #expect(ServeError(unexpected: Broken()).message.contains("Broken"))
        #expect(ServeError(unexpected: CancellationError()) == .shuttingDown)
        #expect(ServeError(unexpected: ServeError.notFound("x")) == .notFound("x"))
        #expect(ServeError(unexpected: ServeError.badUpstream("x")).publicMessage == "x")
    }

    /// A badge style whose ring makes the badge wider than Cairo's largest surface (32767 px):
    /// the style loads, every count's badge fails to render on the server's side.
    @Test func aBadgeThatFailsToRenderIsA500LoggedAndCounted() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "base: ios\nring: {width: 20000}\n".write(toFile: directory + "/huge.yml", atomically: true, encoding: .utf8)
        let server = try ServerProcess(config: "badges: {styles: {huge: {file: \(directory)/huge.yml}}}\n")
        let answer = try server.request("/badges/5.png?style=huge")
        #expect(answer.status == 500)
        #expect(answer.text == "error: internal error\n")
        #expect(answer.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(answer.header("Cache-Control") == "no-store")
        #expect(answer.header("Access-Control-Allow-Origin") == "*")  // the middleware answered it
        #expect(try server.metric("cairn_http_requests_total", ["status": "500"]) == 1)
        #expect(eventually { server.log.contains(" warning request ") })
        let line = try #require(server.log.split(separator: "\n").first { $0.contains(" warning request ") })
        #expect(line.contains("route=/badges/") && line.contains("status=500") && line.contains("/badges/5.png?style=huge"), "\(line)")
        #expect(line.contains("error="), "the cause must be in the log: \(line)")
        #expect(try server.request("/badges/5.png").status == 200)  // other styles still render
        #expect(try server.request("/health").status == 200)
    }
}
