import Canvas
import Codecs
import Foundation
import Testing
import TestTier
import TestUpstream
import Tiles

/// `GET /tiles/{layer}/{z}/{x}/{y}[@2x].{ext}` answered in process, from a loopback upstream serving the
/// corpus (a ``TestUpstream`` on a socket, whose request counts the tests read: a process suite).
@Suite(.process) struct TileRouteTests {
    private let upstream: TestUpstream

    init() throws {
        upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
    }

    /// Runs `body` with a server whose layer `world` (maxzoom 6 unless `layer` says otherwise) reads from the corpus upstream.
    private func serve(source: [String] = [], layer: [String] = ["maxzoom: 6"], sections: String = "",
                       _ body: (InProcessServer) async throws -> Void) async throws {
        try await InProcessServer.with(config: TestConfig.world(upstream, source: source, layer: layer, sections: sections), body)
    }

    @Test func aMissThenAHitServeTheSameBytesAndHeaders() async throws {
        defer { upstream.stop() }
        try await serve { server throws in
            let first = try await server.request("/tiles/world/2/2/1.png")
            #expect(first.status == 200)
            #expect(first.header("Cache-Status") == "cairn; fwd=miss; stored")
            #expect(first.header("Content-Type") == "image/png")
            #expect(first.header("Content-Length") == String(first.body.count))
            #expect(first.header("Access-Control-Allow-Origin") == "*")
            #expect(first.body == FixtureTiles.bytes(2, 2, 1))  // an empty chain passes the bytes through
            let etag = try #require(first.header("ETag"))
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && etag.count > 4)
            // No freshness from the upstream: the configured ttl (7 days by default).
            let maxAge = first.header("Cache-Control")?.firstMatch(of: /^public, max-age=(\d+)$/).flatMap { Int($0.1) }
            #expect(maxAge.map { (7 * 86400 - 5...7 * 86400).contains($0) } == true, "\(first.header("Cache-Control") ?? "none")")
            let lastModified = try #require(first.header("Last-Modified").flatMap(HTTPDate.parse))
            // The time of the fetch on the server's clock (HTTP dates keep whole seconds), however long the request took.
            #expect(abs(lastModified.timeIntervalSince1970 - server.clock.now()) < 1)

            let second = try await server.request("/tiles/world/2/2/1.png")
            #expect(second.status == 200)
            #expect(second.header("Cache-Status") == "cairn; hit")
            #expect(second.body == first.body)
            #expect(second.header("ETag") == etag)
            #expect(upstream.requests(for: "/2/2/1.png") == 1)
            #expect(files(under: server.cacheDirectory).contains("world/2/2/1.png"))
            #expect(files(under: server.cacheDirectory).contains("world/2/2/1.png.meta"))
        }
    }

    @Test func ifNoneMatchGets304WithoutABody() async throws {
        defer { upstream.stop() }
        try await serve { server throws in
            let etag = try #require(try await server.request("/tiles/world/2/2/1.png").header("ETag"))
            for condition in [etag, "\"nope\", \(etag)", "W/\(etag)", "*"] {
                let answer = try await server.request("/tiles/world/2/2/1.png", headers: [("If-None-Match", condition)])
                #expect(answer.status == 304, "If-None-Match: \(condition)")
                #expect(answer.body.isEmpty)
                #expect(answer.header("ETag") == etag)
            }
            let changed = try await server.request("/tiles/world/2/2/1.png", headers: [("If-None-Match", "\"something-else\"")])
            #expect(changed.status == 200 && changed.body == FixtureTiles.bytes(2, 2, 1))
        }
    }

    @Test func headSendsTheHeadersOfAGetAndNoBody() async throws {
        defer { upstream.stop() }
        try await serve { server throws in
            let head = try await server.request("/tiles/world/2/2/1.png", method: "HEAD")
            let get = try await server.request("/tiles/world/2/2/1.png")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.header("Content-Type") == "image/png")
            #expect(head.header("Content-Length") == String(get.body.count))
            #expect(head.header("ETag") != nil && head.header("ETag") == get.header("ETag"))
            #expect(head.header("Cache-Status") == "cairn; fwd=miss; stored")
            #expect(get.header("Cache-Status") == "cairn; hit")
            #expect(upstream.requests(for: "/2/2/1.png") == 1)
        }
    }

    @Test func unknownLayersAndTilesOutsideTheLayerAre404AndNonNumbers400() async throws {
        defer { upstream.stop() }
        try await serve { server throws in
            let notFound = [
                "/tiles/nope/1/0/0.png",  // unknown layer
                "/tiles/world/7/0/0.png",  // beyond the layer's maxzoom (6)
                "/tiles/world/31/0/0.png",  // beyond any zoom
                "/tiles/world/2/4/0.png",  // x outside the grid
                "/tiles/world/2/0/4.png",  // y outside the grid
                "/tiles/world/5/0/0.png",  // the upstream has no such tile (404)
                "/tiles/world/2/2/1.gif",  // unknown format
            ]
            for path in notFound {
                let answer = try await server.request(path)
                #expect(answer.status == 404, "\(path): \(answer.status) \(answer.text)")
            }
            for path in ["/tiles/world/a/0/0.png", "/tiles/world/1/-1/0.png", "/tiles/world/1/0/0.5.png", "/tiles/world/+1/0/0.png"] {
                let answer = try await server.request(path)
                #expect(answer.status == 400, "\(path): \(answer.status) \(answer.text)")
            }
            #expect(upstream.requests(for: "/5/0/0.png") == 1)
            #expect(upstream.totalRequests == 1)  // nothing else reached the upstream
            #expect(!files(under: server.cacheDirectory).contains { $0.hasPrefix("world/5/") })
        }
    }

    @Test func retinaTilesAreStitchedFromTheFourChildren() async throws {
        defer { upstream.stop() }
        try await serve { server throws in
            let answer = try await server.request("/tiles/world/1/1/0@2x.png")
            #expect(answer.status == 200, "\(answer.text)")
            let image = try ImageDecoder.decode(answer.body)
            #expect(image.width == 512 && image.height == 512)
            let children = [(2, 2, 0), (3, 2, 0), (2, 2, 1), (3, 2, 1)].map { x, z, y in (z: z, x: x, y: y) }
            for (index, child) in children.enumerated() {
                #expect(upstream.requests(for: "/\(child.z)/\(child.x)/\(child.y).png") == 1)
                let source = try FixtureTiles.image(child.z, child.x, child.y)
                let (dx, dy) = ((index % 2) * 256, (index / 2) * 256)
                for (x, y) in [(10, 10), (128, 128), (200, 60), (250, 250)] {
                    let got = image.pixel(x: dx + x, y: dy + y), want = source.pixel(x: x, y: y)
                    #expect(got.distance(to: want) <= 2, "quarter \(index) at (\(x), \(y)): \(got) vs \(want)")
                }
            }
            #expect(upstream.requests(for: "/1/1/0.png") == 0)
            #expect(try await server.request("/tiles/world/1/1/0@2x.png").header("Cache-Status") == "cairn; hit")
            #expect(files(under: server.cacheDirectory).contains("world/1/1/0@2x.png"))
        }
    }

    @Test func webpAndJpegVariantsAreEncodedFromTheSameTile() async throws {
        defer { upstream.stop() }
        try await serve { server throws in
            let original = try FixtureTiles.image(2, 2, 1)
            for (ext, type, format) in [("webp", "image/webp", ImageFormat.webp), ("jpg", "image/jpeg", .jpeg)] {
                let answer = try await server.request("/tiles/world/2/2/1.\(ext)")
                #expect(answer.status == 200)
                #expect(answer.header("Content-Type") == type)
                #expect(ImageFormat.sniff(answer.body) == format)
                let image = try ImageDecoder.decode(answer.body)
                #expect(image.width == 256 && image.height == 256)
                #expect(meanDifference(image, original) < 6, ".\(ext) differs from the source tile")
                #expect(files(under: server.cacheDirectory).contains("world/2/2/1.\(ext)"))
            }
            let retina = try await server.request("/tiles/world/1/1/0@2x.webp")
            #expect(retina.header("Content-Type") == "image/webp")
            #expect(try ImageDecoder.size(of: retina.body) == (512, 512))
        }
    }

    @Test func tilesBeyondTheSourcesMaxzoomAreCutFromTheirAncestor() async throws {
        defer { upstream.stop() }
        try await serve(source: ["maxzoom: 2"]) { overZoomed throws in
            let answer = try await overZoomed.request("/tiles/world/4/8/4.png")  // the top-left sixteenth of 2/2/1
            #expect(answer.status == 200)
            #expect(upstream.requests(for: "/2/2/1.png") == 1 && upstream.totalRequests == 1)
            let image = try ImageDecoder.decode(answer.body), ancestor = try FixtureTiles.image(2, 2, 1)
            #expect(image.width == 256)
            for (x, y) in [(34, 34), (130, 130), (226, 66)] {
                let got = image.pixel(x: x, y: y), want = ancestor.pixel(x: x / 4, y: y / 4)
                #expect(got.distance(to: want) <= 40, "(\(x), \(y)): \(got) vs \(want)")
            }
            // @2x at the source's deepest zoom: the tile itself, scaled up.
            let retina = try await overZoomed.request("/tiles/world/2/2/1@2x.png")
            #expect(try ImageDecoder.size(of: retina.body) == (512, 512))
            #expect(upstream.requests(for: "/2/2/1.png") == 2 && upstream.totalRequests == 2)
        }
    }

    @Test func aSourceWithItsOwnRetinaTilesIsAskedForThem() async throws {
        let retinaUpstream = try TestUpstream { request in
            request.path == "/1/1/0@2x.png" ? .bytes(FixtureTiles.bytes(0, 0, 0)) : FixtureTiles.reply(for: request.path)
        }
        defer { upstream.stop(); retinaUpstream.stop() }
        let config = TestConfig.world(retinaUpstream).replacingOccurrences(of: "{y}.png", with: "{y}{r}.png")
        try await InProcessServer.with(config: config) { server throws in
            let retina = try await server.request("/tiles/world/1/1/0@2x.png")
            #expect(retina.status == 200 && retina.body == FixtureTiles.bytes(0, 0, 0))
            #expect(retinaUpstream.requests(for: "/1/1/0@2x.png") == 1 && retinaUpstream.totalRequests == 1)
            let normal = try await server.request("/tiles/world/1/1/0.png")
            #expect(normal.body == FixtureTiles.bytes(1, 1, 0))
            #expect(retinaUpstream.requests(for: "/1/1/0.png") == 1)
        }
    }

    @Test func corsHeadersAndPreflight() async throws {
        defer { upstream.stop() }
        try await serve(sections: "server: {cors: \"https://app.example\"}") { server throws in
            let tile = try await server.request("/tiles/world/1/1/0.png")
            #expect(tile.header("Access-Control-Allow-Origin") == "https://app.example")
            #expect(tile.header("Access-Control-Expose-Headers")?.contains("ETag") == true)
            let preflight = try await server.request("/tiles/world/1/1/0.png", method: "OPTIONS",
                                               headers: [("Origin", "https://app.example"), ("Access-Control-Request-Method", "GET")])
            #expect(preflight.status == 204)
            #expect(preflight.header("Access-Control-Allow-Methods")?.contains("GET") == true)
            #expect(preflight.header("Access-Control-Allow-Origin") == "https://app.example")
            #expect(try await server.request("/tiles/nope/1/1/0.png").header("Access-Control-Allow-Origin") == "https://app.example")
        }
    }

    /// `cors: null` (or `~`) is how a configuration says "no CORS headers" (`ServerConfig.Server.cors`: nil sends none).
    @Test func corsCanBeTurnedOff() async throws {
        defer { upstream.stop() }
        try await serve(sections: "server: {cors: null}") { server throws in
            let tile = try await server.request("/tiles/world/1/1/0.png")
            #expect(tile.status == 200)
            #expect(tile.header("Access-Control-Allow-Origin") == nil)
        }
    }

    @Test func theLayerChainIsApplied() async throws {
        defer { upstream.stop() }
        try await serve(layer: ["maxzoom: 6", "chain: [invert]"]) { server throws in
            let answer = try await server.request("/tiles/world/2/2/1.png")
            #expect(answer.status == 200)
            let image = try ImageDecoder.decode(answer.body)
            let original = try FixtureTiles.image(2, 2, 1)
            for (x, y) in [(0, 0), (100, 100), (30, 200), (220, 40), (255, 255)] {
                let got = image.pixel(x: x, y: y), source = original.pixel(x: x, y: y)
                let inverted = RGBA8(r: 255 - source.r, g: 255 - source.g, b: 255 - source.b, a: source.a)
                #expect(got.distance(to: inverted) <= 1, "(\(x), \(y)): \(got), source \(source)")
            }
        }
    }
}

/// The mean per-channel difference of two images of the same size, sampled every 4 pixels.
func meanDifference(_ a: Surface, _ b: Surface) -> Double {
    var total = 0, count = 0
    for y in stride(from: 0, to: a.height, by: 4) {
        for x in stride(from: 0, to: a.width, by: 4) {
            let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
            total += abs(Int(p.r) - Int(q.r)) + abs(Int(p.g) - Int(q.g)) + abs(Int(p.b) - Int(q.b))
            count += 3
        }
    }
    return Double(total) / Double(count)
}
