import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import CairnServer

/// Wrong WMTS requests, in both encodings, answer an OWS 1.1 `ExceptionReport` (`application/xml`)
/// with WMTS 1.0's exception code and HTTP status, and the parameter at fault as `locator`.
@Suite struct WMTSExceptionTests {
    static let rest = "/wmts/1.0.0/"
    static func kvp(_ layer: String, set: String = "WebMercatorQuad", _ z: Int, row: Int, col: Int, format: String = "image%2Fpng") -> String {
        WMTSGetTileTests.kvp(layer, set: set, z, row: row, col: col, format: format)
    }

    /// The report of `target`: status, exceptionCode, locator.
    static func report(_ server: InProcessServer, _ target: String) async throws -> (Int, String?, String?) {
        let answer = try await server.request(target)
        #expect(answer.header("Content-Type") == "application/xml", "\(target)")
        let root = try #require(try XMLDocument(data: Data(answer.body)).rootElement(), "\(target)")
        #expect(root.localName == "ExceptionReport" && root.uri == "http://www.opengis.net/ows/1.1", "\(target)")
        let exception = try #require(root.first("Exception"), "\(target)")
        #expect(exception.first("ExceptionText")?.stringValue?.isEmpty == false, "\(target)")
        return (answer.status, exception.value(of: "exceptionCode")?.stringValue, exception.value(of: "locator")?.stringValue)
    }

    @Test func everyWrongRequestIsReportedWithItsCodeStatusAndLocator() async throws {
        let cases: [(String, Int, String, String?)] = [
            ("/wmts", 400, "MissingParameterValue", "SERVICE"),
            ("/wmts?REQUEST=GetCapabilities", 400, "MissingParameterValue", "SERVICE"),
            ("/wmts?SERVICE=WMS&REQUEST=GetCapabilities", 400, "InvalidParameterValue", "SERVICE"),
            ("/wmts?SERVICE=WMTS", 400, "MissingParameterValue", "REQUEST"),
            ("/wmts?SERVICE=WMTS&REQUEST=GetFeatureInfo", 501, "OperationNotSupported", "REQUEST"),
            ("/wmts?SERVICE=WMTS&REQUEST=GetCapabilities&PAD=" + String(repeating: "x", count: 5000), 400, "NoApplicableCode", nil),
            ("/wmts?SERVICE=WMTS&REQUEST=GetTile&LAYER=world", 400, "MissingParameterValue", "VERSION"),
            ("/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=2.0.0", 400, "InvalidParameterValue", "VERSION"),
            (Self.kvp("world", 3, row: 2, col: 4, format: "").replacingOccurrences(of: "&FORMAT=", with: ""), 400, "MissingParameterValue", "FORMAT"),
            (Self.kvp("world", 3, row: 2, col: 4).replacingOccurrences(of: "&TILEROW=2", with: ""), 400, "MissingParameterValue", "TILEROW"),
            (Self.kvp("world", 3, row: 2, col: 4, format: "image%2Fgif"), 400, "InvalidParameterValue", "FORMAT"),
            (Self.kvp("nope", 3, row: 2, col: 4), 400, "InvalidParameterValue", "LAYER"),
            (Self.kvp("clusters:nope", 3, row: 2, col: 4), 400, "InvalidParameterValue", "LAYER"),
            (Self.kvp("clusters:cities", 3, row: 2, col: 4, format: "image%2Fjpeg"), 400, "InvalidParameterValue", "FORMAT"),
            (Self.kvp("world", set: "EPSG:4326", 3, row: 2, col: 4), 400, "InvalidParameterValue", "TILEMATRIXSET"),
            (Self.kvp("world", 3, row: 2, col: 4).replacingOccurrences(of: "STYLE=default", with: "STYLE=dark"), 400, "InvalidParameterValue", "STYLE"),
            (Self.kvp("world", 3, row: 8, col: 4), 400, "TileOutOfRange", "TILEROW"),
            (Self.kvp("world", 3, row: 2, col: 8), 400, "TileOutOfRange", "TILECOL"),
            (Self.kvp("world", 4, row: 2, col: 4), 400, "TileOutOfRange", "TILEMATRIX"),
            (Self.kvp("world", 0, row: 0, col: 0), 400, "TileOutOfRange", "TILEMATRIX"),
            (Self.kvp("clusters:cities", 1, row: 0, col: 0), 400, "TileOutOfRange", "TILEMATRIX"),
            (Self.kvp("world", 3, row: 2, col: 4).replacingOccurrences(of: "TILEMATRIX=3", with: "TILEMATRIX=x"), 400, "InvalidParameterValue", "TILEMATRIX"),
            (Self.kvp("world", 3, row: 2, col: 4).replacingOccurrences(of: "TILEROW=2", with: "TILEROW=-2"), 400, "InvalidParameterValue", "TILEROW"),
            (Self.rest + "nope/default/WebMercatorQuad/3/2/4.png", 400, "InvalidParameterValue", "LAYER"),
            (Self.rest + "world/dark/WebMercatorQuad/3/2/4.png", 400, "InvalidParameterValue", "STYLE"),
            (Self.rest + "world/default/GlobalCRS84Quad/3/2/4.png", 400, "InvalidParameterValue", "TILEMATRIXSET"),
            (Self.rest + "world/default/WebMercatorQuad/25/2/4.png", 400, "InvalidParameterValue", "TILEMATRIX"),
            (Self.rest + "world/default/WebMercatorQuad/3/9/4.png", 400, "TileOutOfRange", "TILEROW"),
            (Self.rest + "world/default/WebMercatorQuadx2/3/2/99.png", 400, "TileOutOfRange", "TILECOL"),
            (Self.rest + "world/default/WebMercatorQuad/3/2/4.gif", 400, "InvalidParameterValue", "FORMAT"),
            (Self.rest + "world/default/WebMercatorQuad/3/2/4", 400, "InvalidParameterValue", "FORMAT"),
            (Self.rest + "world/default/WebMercatorQuad/3/2/x.png", 400, "InvalidParameterValue", "TILECOL"),
        ]
        try await InProcessServer.with(config: WMTSCapabilitiesTests.config) { server in
            for (target, status, code, locator) in cases {
                let (answered, answeredCode, answeredLocator) = try await Self.report(server, target)
                #expect(answered == status && answeredCode == code && answeredLocator == locator,
                        "\(target): \(answered) \(answeredCode ?? "-") \(answeredLocator ?? "-")")
            }
        }
    }

    /// A tile the source does not have is the tile route's 404, reported as NoApplicableCode.
    @Test func aTileTheSourceDoesNotHaveIsA404() async throws {
        // The fixture tiles stop at zoom 4; without over-zoom, zoom 5 has none.
        try await InProcessServer.with(config: TestConfig.world(layer: ["maxzoom: 6"])) { server in
            #expect(try await server.request("/tiles/world/5/3/3.png").status == 404)
            for target in [Self.rest + "world/default/WebMercatorQuad/5/3/3.png", Self.kvp("world", 5, row: 3, col: 3)] {
                let (status, code, locator) = try await Self.report(server, target)
                #expect(status == 404 && code == "NoApplicableCode" && locator == nil, "\(target)")
            }
        }
    }

    /// Names in the report are escaped: it stays XML whatever a client sends.
    @Test func whatAClientSendsCannotBreakTheReport() async throws {
        try await InProcessServer.with(config: WMTSCapabilitiesTests.config) { server in
            let (status, code, locator) = try await Self.report(server, Self.kvp("%3Cx%3E%26%22%27%01", 3, row: 2, col: 4))
            #expect(status == 400 && code == "InvalidParameterValue" && locator == "LAYER")
        }
    }
}
