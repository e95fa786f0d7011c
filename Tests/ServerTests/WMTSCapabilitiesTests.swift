import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Tiles
@testable import CairnServer

/// `GET /wmts/1.0.0/WMTSCapabilities.xml` and `/wmts?SERVICE=WMTS&REQUEST=GetCapabilities`: a WMTS
/// 1.0.0 document an XML parser reads, listing every layer (a configured layer, a dataset's cluster
/// overlay) with its formats, limits per matrix and ResourceURLs, and both tile matrix sets. In
/// process, over the fixture tiles on disk.
@Suite struct WMTSCapabilitiesTests {
    static let config = TestConfig.world(layer: ["minzoom: 1", "maxzoom: 3", "attribution: \"© Test & <Friends>\""], sections: """
        datasets:
          cities: {file: \(CitiesDataset.file), radius: 40, minzoom: 2, maxzoom: 5}
        """)

    /// The document at `target`, parsed.
    static func document(_ server: InProcessServer, _ target: String = "/wmts/1.0.0/WMTSCapabilities.xml",
                         headers: [(String, String)] = []) async throws -> XMLElement {
        let answer = try await server.request(target, headers: headers)
        #expect(answer.status == 200, "\(target): \(answer.text.prefix(300))")
        #expect(answer.header("Content-Type") == "application/xml")
        let document = try XMLDocument(data: Data(answer.body))
        return try #require(document.rootElement())
    }

    @Test func theDocumentListsEveryLayerWithItsFormatsLimitsAndURLs() async throws {
        try await InProcessServer.with(config: Self.config) { server in
            let root = try await Self.document(server)
            #expect(root.localName == "Capabilities" && root.uri == "http://www.opengis.net/wmts/1.0")
            #expect(root.value(of: "version")?.stringValue == "1.0.0")
            #expect(root.first("ServiceIdentification")?.first("ServiceType")?.stringValue == "OGC WMTS")
            let operations = root.all("Operation").compactMap { $0.value(of: "name")?.stringValue }
            #expect(operations == ["GetCapabilities", "GetTile"])
            let encodings = root.all("Operation")[1].all("Value").compactMap(\.stringValue)
            #expect(encodings == ["KVP", "RESTful"])

            let contents = try #require(root.first("Contents"))
            let layers = contents.children("Layer")
            #expect(layers.map { $0.first("Identifier")?.stringValue } == ["world", "clusters:cities", "heatmap:cities", "grid:cities"])
            let world = layers[0]
            #expect(world.first("Abstract")?.stringValue?.hasSuffix("© Test & <Friends>") == true)
            #expect(world.first("LowerCorner")?.stringValue == "-180.0 -85.0511287798066")
            #expect(world.first("Style")?.value(of: "isDefault")?.stringValue == "true")
            #expect(world.first("Style")?.first("Identifier")?.stringValue == "default")
            #expect(world.children("Format").map(\.stringValue) == ["image/png", "image/jpeg", "image/webp"])
            let links = world.children("TileMatrixSetLink")
            #expect(links.map { $0.first("TileMatrixSet")?.stringValue } == ["WebMercatorQuad", "WebMercatorQuadx2"])
            for link in links {
                let limits = link.all("TileMatrixLimits").map { limit in
                    ["TileMatrix", "MinTileRow", "MaxTileRow", "MinTileCol", "MaxTileCol"].map { limit.first($0)?.stringValue ?? "" }
                }
                #expect(limits == [["1", "0", "1", "0", "1"], ["2", "0", "3", "0", "3"], ["3", "0", "7", "0", "7"]])
            }
            let urls = world.children("ResourceURL").map { [$0.value(of: "format")?.stringValue, $0.value(of: "template")?.stringValue] }
            #expect(urls == ["png", "jpg", "webp"].map { ext in
                ["image/" + (ext == "jpg" ? "jpeg" : ext),
                 "http://localhost/wmts/1.0.0/world/default/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.\(ext)"]
            })

            let clusters = layers[1]
            #expect(clusters.first("Title")?.stringValue == "cities clusters")
            #expect(clusters.children("Format").map(\.stringValue) == ["image/png", "image/webp"])
            #expect(clusters.first("TileMatrixSetLink")?.all("TileMatrix").map(\.stringValue) == ["2", "3", "4", "5"])
            #expect(clusters.children("ResourceURL").first?.value(of: "template")?.stringValue
                    == "http://localhost/wmts/1.0.0/clusters:cities/default/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.png")
        }
    }

    @Test func theTileMatrixSetsAreTheOGCsWebMercatorQuadAndItsDoubleSizedTwin() async throws {
        try await InProcessServer.with(config: Self.config) { server in
            let sets = try #require(try await Self.document(server).first("Contents")).children("TileMatrixSet")
            #expect(sets.map { $0.first("Identifier")?.stringValue } == ["WebMercatorQuad", "WebMercatorQuadx2"])
            for (set, size) in zip(sets, [256, 512]) {
                #expect(set.first("SupportedCRS")?.stringValue == "urn:ogc:def:crs:EPSG::3857")
                let matrices = set.children("TileMatrix")
                #expect(matrices.map { $0.first("Identifier")?.stringValue } == (0...24).map(String.init))
                for (zoom, matrix) in matrices.enumerated() {
                    #expect(matrix.first("TopLeftCorner")?.stringValue == "-20037508.3427892 20037508.3427892")
                    #expect(matrix.first("TileWidth")?.stringValue == String(size) && matrix.first("TileHeight")?.stringValue == String(size))
                    #expect(matrix.first("MatrixWidth")?.stringValue == String(1 << zoom) && matrix.first("MatrixHeight")?.stringValue == String(1 << zoom))
                    // OGC 17-083r4's WebMercatorQuad: 559082264.0287178 at 0, halved at each matrix; the 512-pixel set's, half that.
                    let denominator = try #require(Double(matrix.first("ScaleDenominator")?.stringValue ?? ""))
                    #expect(abs(denominator - 559082264.0287178 / Double(size / 256) / pow(2, Double(zoom))) < 1e-6)
                }
            }
            #expect(sets[0].first("WellKnownScaleSet")?.stringValue == "urn:ogc:def:wkss:OGC:1.0:GoogleMapsCompatible")
            #expect(sets[0].first("ScaleDenominator")?.stringValue == "559082264.0287178")
            #expect(sets[1].first("WellKnownScaleSet") == nil)
        }
    }

    @Test func theKVPEncodingAnswersTheSameDocumentWhateverTheParametersCase() async throws {
        try await InProcessServer.with(config: Self.config) { server in
            let rest = try await server.request("/wmts/1.0.0/WMTSCapabilities.xml")
            for target in ["/wmts?SERVICE=WMTS&REQUEST=GetCapabilities", "/wmts?service=WMTS&request=GetCapabilities&version=1.0.0",
                           "/wmts?Request=GetCapabilities&Service=WMTS"] {
                let kvp = try await server.request(target)
                #expect(kvp.status == 200 && kvp.body == rest.body && kvp.header("ETag") == rest.header("ETag"), "\(target)")
            }
        }
    }

    @Test func urlsFollowTheProxysForwardedHeadersAndVaryByThem() async throws {
        try await InProcessServer.with(config: Self.config) { server in
            let headers = [("X-Forwarded-Proto", "https"), ("X-Forwarded-Host", "maps.example.org"), ("X-Forwarded-Prefix", "/cairn")]
            let root = try await Self.document(server, headers: headers)
            #expect(root.first("Layer")?.first("ResourceURL")?.value(of: "template")?.stringValue
                    == "https://maps.example.org/cairn/wmts/1.0.0/world/default/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.png")
            #expect(root.all("Get").compactMap { $0.value(of: "href")?.stringValue } == [
                "https://maps.example.org/cairn/wmts?", "https://maps.example.org/cairn/wmts/1.0.0/WMTSCapabilities.xml",
                "https://maps.example.org/cairn/wmts?", "https://maps.example.org/cairn/wmts/1.0.0/",
            ])
            let answer = try await server.request("/wmts/1.0.0/WMTSCapabilities.xml")
            #expect(answer.header("Vary")?.contains("X-Forwarded-Host") == true)
            let again = try await server.request("/wmts/1.0.0/WMTSCapabilities.xml", headers: [("If-None-Match", answer.header("ETag") ?? "")])
            #expect(again.status == 304)
        }
    }

    /// The map page shows the capabilities URL to paste into a GIS, resolved against the page's own address.
    @Test func theMapPageShowsTheCapabilitiesURL() async throws {
        try await InProcessServer.with(config: Self.config) { server in
            let page = try await server.request("/")
            #expect(page.status == 200 && page.text.contains("<input id=\"wmts-url\" readonly>"))
            let script = try await server.request("/assets/cairn/cairn.js")
            #expect(script.text.contains("document.getElementById('wmts-url').value = absolute('wmts/1.0.0/WMTSCapabilities.xml')"))
        }
    }

    /// Signed routes are left out: a WMTS client cannot sign its requests.
    @Test func layersOfSignedRoutesAreNotListed() async throws {
        let keys = try SignedURLTests.keysFile([SignedURLTests.firstKey])
        let signed = Self.config + SignedURLTests.signing(keys, routes: "[tiles]") + "\n"
        try await InProcessServer.with(config: signed) { server in
            let layers = try await Self.document(server).all("Layer").map { $0.first("Identifier")?.stringValue }
            #expect(layers == ["clusters:cities", "heatmap:cities", "grid:cities"])
            #expect(try await server.request("/wmts/1.0.0/world/default/WebMercatorQuad/1/0/0.png").status == 400)
        }
    }

    /// A layer's limits per matrix are the tiles its bounds overlap; across the antimeridian, every column.
    @Test func limitsFollowALayersBounds() throws {
        let layer = WMTSLayer(origin: .tiles("t"), title: "t", abstract: "", formats: [.png], zooms: 2...3,
                              bounds: try BoundingBox(west: 1, south: 1, east: 89, north: 44))
        #expect(layer.limits(zoom: 1) == nil)
        #expect(layer.limits(zoom: 2) == TileRange(z: 2, minX: 2, maxX: 2, minY: 1, maxY: 1))
        #expect(layer.limits(zoom: 3) == TileRange(z: 3, minX: 4, maxX: 5, minY: 2, maxY: 3))
        let across = WMTSLayer(origin: .tiles("t"), title: "t", abstract: "", formats: [.png], zooms: 3...3,
                               bounds: try BoundingBox(west: 170, south: -10, east: -170, north: 10))
        #expect(across.limits(zoom: 3) == TileRange(z: 3, minX: 0, maxX: 7, minY: 3, maxY: 4))
    }
}

extension XMLElement {
    /// The child elements called `name` (local name, any namespace).
    func children(_ name: String) -> [XMLElement] {
        (children ?? []).compactMap { $0 as? XMLElement }.filter { $0.localName == name }
    }

    /// Every element below called `name`, in document order.
    func all(_ name: String) -> [XMLElement] {
        (children ?? []).compactMap { $0 as? XMLElement }.flatMap { ($0.localName == name ? [$0] : []) + $0.all(name) }
    }

    /// The value of the attribute `name` (FoundationXML's `attribute(forName:)` misses those of elements in a default namespace).
    func value(of name: String) -> XMLNode? {
        (attributes ?? []).first { ($0.localName ?? $0.name) == name || $0.name == name }
    }

    /// The first element below called `name`.
    func first(_ name: String) -> XMLElement? { all(name).first }
}
