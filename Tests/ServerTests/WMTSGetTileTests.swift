import Foundation
import Testing
@testable import CairnServer

/// WMTS GetTile in both encodings answers the tile route's own cached answer: the same bytes,
/// ETag, caching fields and 304 as `/tiles/…`, `/clusters/…`, `/heatmap/…` and `/grid/…`; `WebMercatorQuadx2` is the `@2x`
/// tile; a cached tile's RESTful request is the hot lane's. In process, over the fixture tiles.
@Suite struct WMTSGetTileTests {
    static let config = WMTSCapabilitiesTests.config

    /// The fields a client keeps of a tile answer.
    static func fields(_ answer: HTTPResponse) -> [String?] {
        ["Content-Type", "ETag", "Last-Modified", "Cache-Control"].map(answer.header)
    }

    static func kvp(_ layer: String, set: String = "WebMercatorQuad", _ z: Int, row: Int, col: Int, format: String = "image%2Fpng") -> String {
        "/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=\(layer)&STYLE=default&TILEMATRIXSET=\(set)"
            + "&TILEMATRIX=\(z)&TILEROW=\(row)&TILECOL=\(col)&FORMAT=\(format)"
    }

    @Test func restAndKVPAnswerTheTilesRoutesAnswer() async throws {
        try await InProcessServer.with(config: Self.config) { server in
            // z 3, column 4, row 2 (XYZ y): TileRow is the row from the north, as y.
            let tiles = try await server.request("/tiles/world/3/4/2.png")
            #expect(tiles.status == 200 && tiles.header("Content-Type") == "image/png")
            for target in ["/wmts/1.0.0/world/default/WebMercatorQuad/3/2/4.png", Self.kvp("world", 3, row: 2, col: 4),
                           "/wmts?service=WMTS&request=GetTile&version=1.0.0&layer=world&style=default&tilematrixset=WebMercatorQuad"
                           + "&tilematrix=3&tilerow=2&tilecol=4&format=image/png",
                           "/wmts/1.0.0/world/default/urn:ogc:def:wkss:OGC:1.0:GoogleMapsCompatible/3/2/4.png",
                           "/wmts/1.0.0/world/default/urn%3Aogc%3Adef%3Awkss%3AOGC%3A1.0%3AGoogleMapsCompatible/3/2/4.png"] {
                let wmts = try await server.request(target)
                #expect(wmts.status == 200, "\(target): \(wmts.text.prefix(300))")
                #expect(wmts.body == tiles.body && Self.fields(wmts) == Self.fields(tiles), "\(target)")
                #expect(wmts.header("Cache-Status") == "cairn; hit", "\(target): the stored tile, not a render")
                let again = try await server.request(target, headers: [("If-None-Match", tiles.header("ETag") ?? "")])
                #expect(again.status == 304 && again.body.isEmpty, "\(target)")
            }
            for (ext, format) in [("webp", "image%2Fwebp"), ("jpg", "image%2Fjpeg")] {
                let tile = try await server.request("/tiles/world/2/1/3.\(ext)")
                let rest = try await server.request("/wmts/1.0.0/world/default/WebMercatorQuad/2/3/1.\(ext)")
                let kvp = try await server.request(Self.kvp("world", 2, row: 3, col: 1, format: format))
                #expect(tile.status == 200 && rest.body == tile.body && kvp.body == tile.body, "\(ext)")
                #expect(Self.fields(rest) == Self.fields(tile) && Self.fields(kvp) == Self.fields(tile), "\(ext)")
            }
        }
    }

    @Test func theDoubleSizedSetServesTheAt2xTile() async throws {
        try await InProcessServer.with(config: Self.config) { server in
            let retina = try await server.request("/tiles/world/2/1/2@2x.png")
            #expect(retina.status == 200)
            for target in ["/wmts/1.0.0/world/default/WebMercatorQuadx2/2/2/1.png", Self.kvp("world", set: "WebMercatorQuadx2", 2, row: 2, col: 1)] {
                let wmts = try await server.request(target)
                #expect(wmts.status == 200 && wmts.body == retina.body && Self.fields(wmts) == Self.fields(retina), "\(target)")
            }
        }
    }

    @Test func aDatasetsClusterLayerIsItsOverlayTiles() async throws {
        try await InProcessServer.with(config: Self.config) { server in
            for (ext, format) in [("png", "image%2Fpng"), ("webp", "image%2Fwebp")] {
                let overlay = try await server.request("/clusters/cities/3/4/2.\(ext)")
                #expect(overlay.status == 200)
                for target in ["/wmts/1.0.0/clusters:cities/default/WebMercatorQuad/3/2/4.\(ext)", Self.kvp("clusters:cities", 3, row: 2, col: 4, format: format),
                               Self.kvp("clusters%3Acities", 3, row: 2, col: 4, format: format)] {
                    let wmts = try await server.request(target)
                    #expect(wmts.status == 200 && wmts.body == overlay.body && Self.fields(wmts) == Self.fields(overlay), "\(target)")
                }
            }
        }
    }

    @Test func aDatasetsHeatmapAndGridLayersAreTheirTiles() async throws {
        try await InProcessServer.with(config: Self.config) { server in
            for (route, ext, format) in [("heatmap", "png", "image%2Fpng"), ("grid", "webp", "image%2Fwebp")] {
                let tile = try await server.request("/\(route)/cities/3/4/2.\(ext)")
                #expect(tile.status == 200 && tile.header("ETag") != nil, "\(route)")
                for target in ["/wmts/1.0.0/\(route):cities/default/WebMercatorQuad/3/2/4.\(ext)", Self.kvp("\(route):cities", 3, row: 2, col: 4, format: format)] {
                    let wmts = try await server.request(target)
                    #expect(wmts.status == 200 && wmts.body == tile.body && Self.fields(wmts) == Self.fields(tile), "\(target)")
                    #expect(wmts.header("Cache-Status") == "cairn; hit", "\(target): the stored tile, not a render")
                }
            }
            let retina = try await server.request("/heatmap/cities/2/1/2@2x.png")
            let wmts = try await server.request("/wmts/1.0.0/heatmap:cities/default/WebMercatorQuadx2/2/2/1.png")
            #expect(retina.status == 200 && wmts.body == retina.body && Self.fields(wmts) == Self.fields(retina))
        }
    }

    @Test func aCachedTilesRESTfulRequestIsTheHotLanes() async throws {
        try await InProcessServer.with(config: Self.config) { server in
            let lane = HotLaneAnswerTests.lane(server)
            let target = "/wmts/1.0.0/world/default/WebMercatorQuad/3/2/4.png"
            #expect(try HotLaneAnswerTests.answer(lane, target) == nil, "not yet asked for: a miss, the router's")
            let stored = try await server.request(target)
            let hit = try #require(try HotLaneAnswerTests.answer(lane, target))
            #expect(hit.status == 200 && hit.header("Cache-Status") == "cairn; hit")
            #expect(hit.body == stored.body && Self.fields(hit) == Self.fields(stored))
            _ = try await server.request("/clusters/cities/3/4/2.png")
            #expect(try HotLaneAnswerTests.answer(lane, "/wmts/1.0.0/clusters:cities/default/WebMercatorQuad/3/2/4.png")?.status == 200)
            _ = try await server.request("/heatmap/cities/3/4/2.png")
            #expect(try HotLaneAnswerTests.answer(lane, "/wmts/1.0.0/heatmap:cities/default/WebMercatorQuad/3/2/4.png")?.status == 200)
            // Wrong requests are the router's, which reports them.
            #expect(try HotLaneAnswerTests.answer(lane, "/wmts/1.0.0/world/fancy/WebMercatorQuad/3/2/4.png") == nil)
            #expect(try HotLaneAnswerTests.answer(lane, "/wmts/1.0.0/world/default/WebMercatorQuad/3/2/4.gif") == nil)
        }
    }
}
