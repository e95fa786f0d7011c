import Foundation
import Testing
@testable import CairnServer

/// OGC API – Tiles 1.0 under `/ogcapi`, in process over the fixture tiles on disk and a small point
/// dataset: every document's required members and links (followed), the conformance classes, the
/// tile matrix sets' values, the tilesets' limits and templates, tiles that are the same answers as
/// `/tiles/…` and `/clusters/…` (bytes, ETag, caching headers, 304) by `f=` and by `Accept`, and
/// the errors.
@Suite struct OGCAPITests {
    /// The host of every request HummingbirdTesting's router framework makes.
    private static let base = "http://localhost/ogcapi"

    /// A layer `world` (zooms 1–5 over the fixture tiles) and a dataset `spots` of four points: three
    /// in a huddle near (10, 50) that cluster at low zooms, one alone near (-70, -30).
    private static func withServer(sections: String = "", _ body: (InProcessServer) async throws -> Void) async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let points = [(10.0, 50.0), (10.01, 50.01), (10.02, 49.99), (-70.0, -30.0)].enumerated().map { index, point in
            "{\"type\":\"Feature\",\"id\":\(index),\"geometry\":{\"type\":\"Point\",\"coordinates\":[\(point.0),\(point.1)]},\"properties\":{}}"
        }
        try "{\"type\":\"FeatureCollection\",\"features\":[\(points.joined(separator: ","))]}"
            .write(toFile: directory + "/spots.geojson", atomically: true, encoding: .utf8)
        let config = TestConfig.world(layer: ["minzoom: 1", "maxzoom: 5"],
                                      sections: "datasets:\n  spots:\n    file: \(directory)/spots.geojson\n    maxzoom: 8\n" + sections)
        try await InProcessServer.with(config: config, body)
    }

    private func json(_ server: InProcessServer, _ path: String, headers: [(String, String)] = []) async throws -> [String: Any] {
        let answer = try await server.request(path, headers: headers)
        #expect(answer.status == 200, "\(path): \(answer.text)")
        #expect(answer.header("Content-Type") == "application/json", "\(path)")
        return try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any], "\(path)")
    }

    private func links(_ document: [String: Any]) -> [[String: Any]] { document["links"] as? [[String: Any]] ?? [] }

    /// The `href` of the one link of relation `rel` (and media type `type` when given).
    private func href(_ document: [String: Any], _ rel: String, type: String? = nil) -> String? {
        let matching = links(document).filter { $0["rel"] as? String == rel && (type == nil || $0["type"] as? String == type) }
        return matching.count == 1 ? matching[0]["href"] as? String : nil
    }

    /// The path of one of the server's own absolute URLs.
    private func path(_ url: String?) throws -> String {
        let url = try #require(url)
        try #require(url.hasPrefix("http://localhost/"), "\(url)")
        return String(url.dropFirst("http://localhost".count))
    }

    @Test func theLandingPageLinksEveryPartAndEachLinkAnswers() async throws {
        try await Self.withServer { server in
            let landing = try await json(server, "/ogcapi")
            #expect(landing["title"] as? String == "Cairn")
            #expect(href(landing, "self") == Self.base)
            #expect(href(landing, "service-desc", type: "application/vnd.oai.openapi+json;version=3.1") == "http://localhost/openapi.json")
            #expect(href(landing, "http://www.opengis.net/def/rel/ogc/1.0/conformance") == Self.base + "/conformance")
            #expect(href(landing, "data") == Self.base + "/collections")
            #expect(href(landing, "http://www.opengis.net/def/rel/ogc/1.0/tiling-schemes") == Self.base + "/tileMatrixSets")
            for link in links(landing) {
                #expect(try await server.request(try path(link["href"] as? String)).status == 200, "\(link)")
            }
            // Behind a proxy, the links are the proxy's, and the document says it varies by those headers.
            let proxied = try await server.request("/ogcapi", headers: [("X-Forwarded-Proto", "https"), ("X-Forwarded-Host", "maps.example.org"),
                                                                        ("X-Forwarded-Prefix", "/gis")])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(proxied.body)) as? [String: Any])
            #expect(href(document, "data") == "https://maps.example.org/gis/ogcapi/collections")
            #expect(proxied.header("Vary")?.contains("X-Forwarded-Host") == true)
        }
    }

    @Test func conformanceDeclaresExactlyTheClassesImplemented() async throws {
        try await Self.withServer { server in
            let document = try await json(server, "/ogcapi/conformance")
            let tiles = "http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/", common = "http://www.opengis.net/spec/ogcapi-common-1/1.0/conf/"
            #expect(Set(document["conformsTo"] as? [String] ?? []) == Set(
                ["core", "tileset", "tilesets-list", "geodata-tilesets", "png", "jpeg", "mvt"].map { tiles + $0 }
                    + ["core", "landing-page", "json"].map { common + $0 }))
        }
    }

    /// The values of OGC's registry (and morecantile's): the make-test script compares every member.
    @Test func webMercatorQuadIsTheRegistrysDefinition() async throws {
        try await Self.withServer { server in
            let list = try await json(server, "/ogcapi/tileMatrixSets")
            let sets = try #require(list["tileMatrixSets"] as? [[String: Any]])
            #expect(sets.map { $0["id"] as? String } == ["WebMercatorQuad", "WebMercatorQuadx2"])
            #expect(sets.map { href($0, "http://www.opengis.net/def/rel/ogc/1.0/tiling-scheme") }
                    == [Self.base + "/tileMatrixSets/WebMercatorQuad", Self.base + "/tileMatrixSets/WebMercatorQuadx2"])

            let quad = try await json(server, "/ogcapi/tileMatrixSets/WebMercatorQuad")
            #expect(quad["uri"] as? String == "http://www.opengis.net/def/tilematrixset/OGC/1.0/WebMercatorQuad")
            #expect(quad["crs"] as? String == "http://www.opengis.net/def/crs/EPSG/0/3857")
            #expect(quad["wellKnownScaleSet"] as? String == "http://www.opengis.net/def/wkss/OGC/1.0/GoogleMapsCompatible")
            #expect(quad["orderedAxes"] as? [String] == ["X", "Y"])
            let matrices = try #require(quad["tileMatrices"] as? [[String: Any]])
            #expect(matrices.map { $0["id"] as? String } == (0...24).map(String.init))
            #expect(matrices.map { $0["matrixWidth"] as? Int } == (0...24).map { 1 << $0 })
            #expect(matrices.allSatisfy { $0["tileWidth"] as? Int == 256 && $0["tileHeight"] as? Int == 256 && $0["cornerOfOrigin"] as? String == "topLeft" })
            // Foundation's parser rounds the last digit on Linux: the numbers are checked as written,
            // to the last digit (zoom 0's and zoom 24's, each a power of two apart).
            let text = try await server.request("/ogcapi/tileMatrixSets/WebMercatorQuad").text
            for member in ["\"cellSize\":156543.03392804097,", "\"pointOfOrigin\":[-20037508.342789244,20037508.342789244]",
                           "\"scaleDenominator\":559082264.0287178,", "\"cellSize\":0.009330691929342804,",
                           "\"scaleDenominator\":33.323899747652874,"] {
                #expect(text.contains(member), "\(member)")
            }

            let double = try await json(server, "/ogcapi/tileMatrixSets/WebMercatorQuadx2")
            let doubled = try #require(double["tileMatrices"] as? [[String: Any]])
            #expect(double["uri"] == nil && double["crs"] as? String == "http://www.opengis.net/def/crs/EPSG/0/3857")
            #expect(doubled[3]["tileWidth"] as? Int == 512 && doubled[3]["matrixWidth"] as? Int == 8)
            #expect(try await server.request("/ogcapi/tileMatrixSets/WebMercatorQuadx2").text.contains("\"cellSize\":9783.93962050256,"))
            #expect(try await server.request("/ogcapi/tileMatrixSets/GoogleMapsCompatible").status == 404)
        }
    }

    @Test func everyLayerAndDatasetIsACollectionWithItsTilesets() async throws {
        try await Self.withServer { server in
            let list = try await json(server, "/ogcapi/collections")
            #expect(href(list, "self") == Self.base + "/collections")
            let collections = try #require(list["collections"] as? [[String: Any]])
            #expect(collections.map { $0["id"] as? String } == ["world", "clusters:spots", "heatmap:spots", "grid:spots"])
            for entry in collections {
                let id = try #require(entry["id"] as? String)
                let document = try await json(server, "/ogcapi/collections/" + id)
                #expect(NSDictionary(dictionary: document).isEqual(to: entry), "\(id): the list's entry is the collection's document")
                #expect(href(document, "self") == Self.base + "/collections/" + id)
                let extent = try #require((document["extent"] as? [String: Any])?["spatial"] as? [String: Any])
                #expect(extent["bbox"] as? [[Double]] == [[-180, -85.0511287798066, 180, 85.0511287798066]])
                #expect(extent["crs"] as? String == "http://www.opengis.net/def/crs/OGC/1.3/CRS84")
                let maps = try #require(href(document, "http://www.opengis.net/def/rel/ogc/1.0/tilesets-map", type: "application/json"))
                #expect(maps == Self.base + "/collections/" + id + "/map/tiles")
                let tilesets = try await json(server, try path(maps))
                let summaries = try #require(tilesets["tilesets"] as? [[String: Any]])
                #expect(summaries.map { $0["dataType"] as? String } == ["map", "map"])
                #expect(summaries.map { $0["tileMatrixSetURI"] as? String }
                        == ["http://www.opengis.net/def/tilematrixset/OGC/1.0/WebMercatorQuad", nil])
                for summary in summaries {
                    #expect(try await server.request(try path(href(summary, "self"))).status == 200)
                    #expect(try await server.request(try path(href(summary, "http://www.opengis.net/def/rel/ogc/1.0/tiling-scheme"))).status == 200)
                }
            }
            let layer = try await json(server, "/ogcapi/collections/world")
            #expect(href(layer, "http://www.opengis.net/def/rel/ogc/1.0/tilesets-vector") == nil)
            let dataset = try await json(server, "/ogcapi/collections/clusters:spots")
            #expect(href(dataset, "http://www.opengis.net/def/rel/ogc/1.0/tilesets-vector") == Self.base + "/collections/clusters:spots/tiles")
            let heatmap = try await json(server, "/ogcapi/collections/heatmap:spots")
            #expect(heatmap["dataType"] as? String == "map" && href(heatmap, "http://www.opengis.net/def/rel/ogc/1.0/tilesets-vector") == nil)
            let grid = try await json(server, "/ogcapi/collections/grid:spots")
            #expect(grid["dataType"] as? String == "vector")
            #expect(href(grid, "http://www.opengis.net/def/rel/ogc/1.0/tilesets-vector") == Self.base + "/collections/grid:spots/tiles")
            // A client that percent-encodes the colon names the same collection.
            #expect(try await json(server, "/ogcapi/collections/clusters%3Aspots")["id"] as? String == "clusters:spots")
        }
    }

    @Test func aTilesetsMetadataGivesItsLimitsAndTheTemplatesOfItsTiles() async throws {
        try await Self.withServer { server in
            let tileset = try await json(server, "/ogcapi/collections/world/map/tiles/WebMercatorQuad")
            #expect(tileset["dataType"] as? String == "map" && tileset["crs"] as? String == "http://www.opengis.net/def/crs/EPSG/0/3857")
            #expect(tileset["tileMatrixSetURI"] as? String == "http://www.opengis.net/def/tilematrixset/OGC/1.0/WebMercatorQuad")
            let limits = try #require(tileset["tileMatrixSetLimits"] as? [[String: Any]])
            #expect(limits.map { $0["tileMatrix"] as? String } == ["1", "2", "3", "4", "5"])
            #expect(limits.allSatisfy { limit in
                let last = (1 << Int(limit["tileMatrix"] as? String ?? "")!) - 1
                return limit["minTileRow"] as? Int == 0 && limit["minTileCol"] as? Int == 0
                    && limit["maxTileRow"] as? Int == last && limit["maxTileCol"] as? Int == last
            })
            #expect(href(tileset, "http://www.opengis.net/def/rel/ogc/1.0/tiling-scheme") == Self.base + "/tileMatrixSets/WebMercatorQuad")
            let template = Self.base + "/collections/world/map/tiles/WebMercatorQuad/{tileMatrix}/{tileRow}/{tileCol}"
            let items = links(tileset).filter { $0["rel"] as? String == "item" }
            #expect(items.map { $0["type"] as? String } == ["image/png", "image/jpeg", "image/webp"])
            #expect(items.map { $0["href"] as? String } == ["png", "jpeg", "webp"].map { template + "?f=" + $0 })
            #expect(items.allSatisfy { $0["templated"] as? Bool == true })
            // Each template, filled in, answers a tile of its type.
            for item in items {
                let url = (item["href"] as? String ?? "").replacingOccurrences(of: "{tileMatrix}", with: "2")
                    .replacingOccurrences(of: "{tileRow}", with: "1").replacingOccurrences(of: "{tileCol}", with: "3")
                let tile = try await server.request(try path(url))
                #expect(tile.status == 200 && tile.header("Content-Type") == item["type"] as? String, "\(url): \(tile.text)")
            }

            let retina = try await json(server, "/ogcapi/collections/world/map/tiles/WebMercatorQuadx2")
            #expect(retina["tileMatrixSetURI"] == nil)
            #expect(href(retina, "http://www.opengis.net/def/rel/ogc/1.0/tiling-scheme") == Self.base + "/tileMatrixSets/WebMercatorQuadx2")

            let vector = try await json(server, "/ogcapi/collections/clusters:spots/tiles/WebMercatorQuad")
            #expect(vector["dataType"] as? String == "vector")
            #expect((vector["tileMatrixSetLimits"] as? [[String: Any]])?.count == 9)
            #expect(links(vector).filter { $0["rel"] as? String == "item" }.map { $0["type"] as? String } == ["application/vnd.mapbox-vector-tile"])
            #expect(href(vector, "item") == Self.base + "/collections/clusters:spots/tiles/WebMercatorQuad/{tileMatrix}/{tileRow}/{tileCol}?f=mvt")
            #expect(((vector["layers"] as? [[String: Any]])?.first)?["id"] as? String == "clusters")
            let cells = try await json(server, "/ogcapi/collections/grid:spots/tiles/WebMercatorQuad")
            #expect(cells["dataType"] as? String == "vector" && ((cells["layers"] as? [[String: Any]])?.first)?["id"] as? String == "grid")
            let overlay = try await json(server, "/ogcapi/collections/clusters:spots/map/tiles/WebMercatorQuad")
            #expect(links(overlay).filter { $0["rel"] as? String == "item" }.map { $0["type"] as? String } == ["image/png", "image/webp"])
        }
    }

    /// The fields two answers of the same cached tile share.
    private func cached(_ answer: HTTPResponse) -> [String?] {
        ["Content-Type", "ETag", "Cache-Control", "Last-Modified", "Content-Length"].map(answer.header)
    }

    @Test func aMapTileIsTheSameCachedAnswerAsTheTilesRoute() async throws {
        try await Self.withServer { server in
            let tileset = "/ogcapi/collections/world/map/tiles/WebMercatorQuad/3/2/5"
            // First through /ogcapi: a miss stored; then /tiles finds it in the memory tier.
            let first = try await server.request(tileset + "?f=webp")
            #expect(first.status == 200 && first.header("Cache-Status") == "cairn; fwd=miss; stored", "\(first.text)")
            let direct = try await server.request("/tiles/world/3/5/2.webp")
            #expect(direct.header("Cache-Status") == "cairn; hit")
            #expect(first.body == direct.body && cached(first) == cached(direct))
            #expect(first.header("Vary") == nil, "f= decides, not Accept")

            for (query, accept, file) in [("?f=png", nil, "2.png"), ("?f=jpeg", nil, "2.jpg"), ("", "image/webp", "2.webp"),
                                          ("", "image/webp;q=0.5, image/jpeg", "2.jpg"), ("", "text/html, image/*;q=0.8", "2.png"),
                                          ("", nil, "2.png"), ("?f=png", "image/webp", "2.png")] {
                let answer = try await server.request(tileset + query, headers: accept.map { [("Accept", $0)] } ?? [])
                let expected = try await server.request("/tiles/world/3/5/" + file)
                #expect(answer.status == 200 && answer.body == expected.body && cached(answer) == cached(expected), "\(query) \(accept ?? "")")
                #expect(answer.header("Vary") == (query.isEmpty ? "Accept" : nil), "\(query) \(accept ?? "")")
            }
            // WebMercatorQuadx2 is the @2x tiles.
            let retina = try await server.request("/ogcapi/collections/world/map/tiles/WebMercatorQuadx2/3/2/5?f=png")
            let expected = try await server.request("/tiles/world/3/5/2@2x.png")
            #expect(retina.status == 200 && retina.body == expected.body && cached(retina) == cached(expected))
            // The client's copy is current: 304, as /tiles answers.
            let etag = try #require(retina.header("ETag"))
            let again = try await server.request("/ogcapi/collections/world/map/tiles/WebMercatorQuadx2/3/2/5?f=png", headers: [("If-None-Match", etag)])
            #expect(again.status == 304 && again.body.isEmpty && again.header("ETag") == etag)
        }
    }

    /// Each `/ogcapi` tile answers the same bytes and caching fields as the route tile paired with it.
    private func expectSameTiles(_ server: InProcessServer, _ pairs: [(ogc: String, route: String)]) async throws {
        for (ogc, route) in pairs {
            let answer = try await server.request("/ogcapi" + ogc)
            let expected = try await server.request(route)
            #expect(answer.status == 200 && expected.status == 200, "\(ogc): \(answer.text)")
            #expect(answer.body == expected.body && cached(answer) == cached(expected), "\(ogc)")
        }
    }

    @Test func aDatasetsTilesAreItsClusterTiles() async throws {
        try await Self.withServer { server in
            let collection = "/collections/clusters:spots"
            try await expectSameTiles(server, [(collection + "/tiles/WebMercatorQuad/0/0/0?f=mvt", "/clusters/spots/0/0/0.mvt"),
                                               (collection + "/tiles/WebMercatorQuad/2/1/2", "/clusters/spots/2/2/1.mvt"),
                                               (collection + "/map/tiles/WebMercatorQuad/2/1/2?f=png", "/clusters/spots/2/2/1.png"),
                                               (collection + "/map/tiles/WebMercatorQuadx2/2/1/2?f=webp", "/clusters/spots/2/2/1@2x.webp")])
            let mvt = try await server.request("/ogcapi/collections/clusters:spots/tiles/WebMercatorQuad/0/0/0", headers: [("Accept-Encoding", "gzip")])
            #expect(mvt.header("Content-Type") == "application/vnd.mapbox-vector-tile" && mvt.header("Vary") == "Accept-Encoding, Accept")
        }
    }

    @Test func aDatasetsHeatmapAndGridTilesAreTheirRoutesTiles() async throws {
        try await Self.withServer { server in
            try await expectSameTiles(server, [("/collections/grid:spots/tiles/WebMercatorQuad/2/1/2?f=mvt", "/grid/spots/2/2/1.mvt"),
                                               ("/collections/grid:spots/tiles/WebMercatorQuad/2/1/2?shape=hex", "/grid/spots/2/2/1.mvt?shape=hex"),
                                               ("/collections/grid:spots/map/tiles/WebMercatorQuad/2/1/2?f=png", "/grid/spots/2/2/1.png"),
                                               ("/collections/heatmap:spots/map/tiles/WebMercatorQuad/2/1/2?f=png", "/heatmap/spots/2/2/1.png"),
                                               ("/collections/heatmap:spots/map/tiles/WebMercatorQuadx2/2/1/2?f=webp", "/heatmap/spots/2/2/1@2x.webp")])
            #expect(try await server.request("/ogcapi/collections/heatmap:spots/tiles/WebMercatorQuad/0/0/0").status == 404)
        }
    }

    @Test func wrongRequestsAreTheServersErrorAnswers() async throws {
        try await Self.withServer { server in
            let map = "/ogcapi/collections/world/map/tiles/WebMercatorQuad"
            for (path, status, message) in [
                ("/ogcapi/collections/nowhere", 404, "no collection 'nowhere'"),
                ("/ogcapi/collections/nowhere/map/tiles/WebMercatorQuad/1/0/0", 404, "no collection 'nowhere'"),
                ("/ogcapi/collections/world/tiles", 404, "no collection 'world' with vector tiles"),
                ("/ogcapi/collections/world/tiles/WebMercatorQuad/1/0/0", 404, "no collection 'world' with vector tiles"),
                ("/ogcapi/collections/world/map/tiles/WorldCRS84Quad", 404, "in tile matrix set 'WorldCRS84Quad'"),
                ("/ogcapi/collections/clusters:spots/tiles/WebMercatorQuadx2/1/0/0", 404, "in tile matrix set 'WebMercatorQuadx2'"),
                (map + "/25/0/0", 404, "no tile matrix '25' in WebMercatorQuad"),
                (map + "/01/0/0", 404, "no tile matrix '01'"),
                (map + "/7/0/0", 404, "zoom 7"),
                (map + "/2/4/0", 404, "outside the grid"),
                (map + "/2/1/x", 400, "whole numbers"),
                (map + "/2/1/1?f=gif", 400, "f=gif is not an encoding of this tileset (png, jpeg, webp)"),
                ("/ogcapi/collections/clusters:spots/map/tiles/WebMercatorQuad/1/0/0?f=jpeg", 400, "(png, webp)"),
            ] {
                let answer = try await server.request(path)
                #expect(answer.status == status, "\(path): \(answer.text)")
                #expect(answer.header("Content-Type") == "text/plain; charset=utf-8" && answer.text.hasPrefix("error: "), "\(path)")
                #expect(answer.text.contains(message), "\(path): \(answer.text)")
            }
        }
    }

    /// Clients of OGC API cannot sign their requests: a signed route's layers are no collections,
    /// and their tiles cannot be had through /ogcapi unsigned.
    @Test func signedRoutesAreNoCollections() async throws {
        let keys = try SignedURLTests.keysFile([SignedURLTests.firstKey])
        defer { try? FileManager.default.removeItem(atPath: (keys as NSString).deletingLastPathComponent) }
        try await Self.withServer(sections: SignedURLTests.signing(keys, routes: "[tiles]")) { server in
            let collections = try await json(server, "/ogcapi/collections")["collections"] as? [[String: Any]] ?? []
            #expect(collections.map { $0["id"] as? String } == ["clusters:spots", "heatmap:spots", "grid:spots"])
            for path in ["/ogcapi/collections/world", "/ogcapi/collections/world/map/tiles/WebMercatorQuad",
                         "/ogcapi/collections/world/map/tiles/WebMercatorQuad/2/1/1?f=png"] {
                #expect(try await server.request(path).status == 404, "\(path)")
            }
            #expect(try await server.request("/tiles/world/2/1/1.png").status == 403)
        }
    }
}
