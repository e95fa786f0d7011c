import Foundation
import RemoteTiles
import Synchronization
import Testing
import TestTier
import TestUpstream
import Tiles

/// The HTTP source against a real server on a loopback port, in each of the ways a tile server
/// answers or fails.
@Suite(.process) struct HTTPTileSourceTests {
    let tile = try! TileID(z: 2, x: 2, y: 1)

    /// An HTTP source for the upstream's `/{z}/{x}/{y}.png`, with a 10 ms backoff.
    func source(_ upstream: TestUpstream, retries: Int = 2, timeout: Double = 2,
                configure: (inout HTTPSourceOptions) -> Void = { _ in }) throws -> HTTPTileSource {
        var options = HTTPSourceOptions()
        options.retries = retries
        options.timeout = timeout
        options.backoff = 0.01
        configure(&options)
        return try HTTPTileSource(template: URLTemplate(upstream.baseURL + "/{z}/{x}/{y}.png"), options: options)
    }

    @Test func aTileArrivesWithTheUserAgentAndHeaders() async throws {
        let seen = Mutex<[String]>([])
        let upstream = try TestUpstream { request in
            seen.withLock { $0 = [request.header("User-Agent") ?? "", request.header("X-Api-Key") ?? ""] }
            return .bytes(tileBytes())
        }
        defer { upstream.stop() }
        let http = try source(upstream) { $0.userAgent = "cairn-test/1"; $0.headers = ["X-Api-Key": "k"] }
        #expect(try await http.tile(tile, scale: 1)?.bytes == tileBytes())
        #expect(seen.withLock { $0 } == ["cairn-test/1", "k"])
        #expect(upstream.requests(for: "/2/2/1.png") == 1)
        await http.close()
    }

    @Test func notFoundAndNoContentAreNoTileWithoutRetrying() async throws {
        let upstream = try TestUpstream { $0.path.hasPrefix("/2/") ? .status(404) : .status(204) }
        defer { upstream.stop() }
        let http = try source(upstream)
        #expect(try await http.tile(tile, scale: 1) == nil)
        #expect(try await http.tile(try TileID(z: 3, x: 0, y: 0), scale: 1) == nil)
        #expect(upstream.totalRequests == 2)
        await http.close()
    }

    @Test func serverErrorsAreRetriedThenSucceedOrFailWithTheStatus() async throws {
        let answers = Mutex([String: Int]())
        let upstream = try TestUpstream { request in
            let attempt = answers.withLock { $0[request.path, default: 0] += 1; return $0[request.path]! }
            if request.path.hasPrefix("/2/") { return attempt < 3 ? .status(503) : .bytes(tileBytes()) }
            return .status(500)
        }
        defer { upstream.stop() }
        let http = try source(upstream, retries: 3)
        #expect(try await http.tile(tile, scale: 1)?.bytes == tileBytes())
        #expect(upstream.requests(for: "/2/2/1.png") == 3)
        await #expect { try await http.tile(try TileID(z: 1, x: 0, y: 0), scale: 1) } throws: { error in
            let failure = error as! SourceError
            return failure.kind == .status && failure.message.contains("HTTP 500") && failure.message.contains("4 attempts")
        }
        #expect(upstream.requests(for: "/1/0/0.png") == 4)
        await http.close()
    }

    @Test func clientErrorsFailAtOnce() async throws {
        let upstream = try TestUpstream { _ in .status(403) }
        defer { upstream.stop() }
        let http = try source(upstream)
        await #expect { try await http.tile(tile, scale: 1) } throws: { ($0 as! SourceError).message.hasSuffix("HTTP 403") }
        #expect(upstream.totalRequests == 1)
        await http.close()
    }

    @Test func aSlowServerTimesOutAfterTheRetries() async throws {
        let upstream = try TestUpstream { _ in TestUpstream.Reply(body: tileBytes(), delay: 1.5) }
        defer { upstream.stop() }
        let http = try source(upstream, retries: 1, timeout: 0.3)
        await #expect { try await http.tile(tile, scale: 1) } throws: { ($0 as! SourceError).kind == .timeout }
        #expect(upstream.totalRequests == 2)
        await http.close()
    }

    @Test func oversizedAndTruncatedBodiesFail() async throws {
        let big = [UInt8](repeating: 7, count: 100_000)
        let upstream = try TestUpstream { request in
            request.path.hasPrefix("/2/") ? .bytes(big) : TestUpstream.Reply(body: tileBytes(), truncated: true)
        }
        defer { upstream.stop() }
        let http = try source(upstream, retries: 1) { $0.maximumBodyBytes = 50_000 }
        await #expect { try await http.tile(tile, scale: 1) } throws: { ($0 as! SourceError).kind == .tooLarge }
        #expect(upstream.requests(for: "/2/2/1.png") == 1)
        await #expect { try await http.tile(try TileID(z: 1, x: 1, y: 1), scale: 1) } throws: { ($0 as! SourceError).kind == .connection }
        await http.close()
    }

    @Test func aRefusedConnectionIsAConnectionFailure() async throws {
        let upstream = try TestUpstream { _ in .status(200) }
        let port = upstream.port
        upstream.stop()
        var options = HTTPSourceOptions()
        options.retries = 0
        options.connectTimeout = 0.5  // AsyncHTTPClient keeps trying to connect until this runs out
        let http = try HTTPTileSource(template: URLTemplate("http://127.0.0.1:\(port)/{z}/{x}/{y}.png"), options: options)
        await #expect { try await http.tile(tile, scale: 1) } throws: { ($0 as! SourceError).kind == .connection }
        await http.close()
    }

    @Test func onlyHTTPTemplatesAreAccepted() {
        #expect(throws: SourceError.self) { try HTTPTileSource(template: URLTemplate("file:///tiles/{z}/{x}/{y}.png")) }
    }
}
