import Codecs
import Foundation
import Testing

/// `GET /badges/{count}.png?style=&scale=&label=`, through the router in process.
@Suite struct BadgeRouteTests {
    private func serving(_ sections: String = "", _ body: (InProcessServer) async throws -> Void) async throws {
        try await InProcessServer.with(config: "layers: {}\n" + sections, body)
    }

    @Test func aBadgeIsARoundPNGCachedAfterTheFirstRender() async throws {
        try await serving { server in
            let first = try await server.request("/badges/42.png")
            #expect(first.status == 200)
            #expect(first.header("Content-Type") == "image/png")
            #expect(first.header("Content-Length") == String(first.body.count))
            #expect(first.header("Cache-Status") == "cairn; fwd=miss; stored")
            let image = try ImageDecoder.decode(first.body)
            #expect(image.width >= 20 && image.width == image.height)
            #expect(image.pixel(x: 0, y: 0).a == 0 && image.pixel(x: image.width - 1, y: image.height - 1).a == 0)  // round
            #expect(image.pixel(x: image.width / 2, y: image.height / 2).a == 255)

            let second = try await server.request("/badges/42.png")
            #expect(second.header("Cache-Status") == "cairn; hit")
            #expect(second.body == first.body && second.header("ETag") == first.header("ETag"))
            let conditional = try await server.request("/badges/42.png", headers: [("If-None-Match", first.header("ETag") ?? "")])
            #expect(conditional.status == 304 && conditional.body.isEmpty)
            #expect(files(under: server.cacheDirectory).contains { $0.hasPrefix("_badges/") && $0.hasSuffix(".png") })
        }
    }

    @Test func scaleTwoDoublesTheSize() async throws {
        try await serving { server in
            let normal = try ImageDecoder.decode(try await server.request("/badges/42.png").body)
            let double = try ImageDecoder.decode(try await server.request("/badges/42.png?scale=2").body)
            #expect(double.width == 2 * normal.width && double.height == 2 * normal.height)
        }
    }

    @Test func stylesLookDifferent() async throws {
        try await serving { server in
            var bodies: [[UInt8]] = []
            for style in ["google", "ios", "leaflet"] { bodies.append(try await server.request("/badges/42.png?style=\(style)").body) }
            #expect(Set(bodies).count == 3)
            #expect(try bodies.allSatisfy { try ImageDecoder.decode($0).width > 0 })
        }
    }

    @Test func badParametersAre400() async throws {
        try await serving("limits: {max_badge_count: 1000, max_scale: 3}") { server in
            let bad = ["/badges/0.png", "/badges/abc.png", "/badges/-3.png", "/badges/1e9.png", "/badges/4.2.png",
                       "/badges/1001.png", "/badges/99999999999999999999.png", "/badges/.png",
                       "/badges/42.png?scale=0", "/badges/42.png?scale=4", "/badges/42.png?scale=two", "/badges/42.png?scale=1.5",
                       "/badges/42.png?style=nope", "/badges/42.png?label=loud"]
            for path in bad {
                let answer = try await server.request(path)
                #expect(answer.status == 400, "\(path): \(answer.status) \(answer.text)")
                #expect(answer.text.hasPrefix("error: "), "\(path)")
            }
            #expect(try await server.request("/badges/42.gif").status == 404)
            #expect(try await server.request("/badges/1000.png?scale=3").status == 200)
        }
    }
}
