import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Tiles

/// A layer on an archive that covers part of the world: its WMTS layer has the archive's zooms and
/// bounds (as its TileJSON reads them) as its WGS84BoundingBox and limits, and a tile outside them
/// is TileOutOfRange. In process, over a PMTiles archive of some fixture tiles.
@Suite struct WMTSArchiveLayerTests {
    /// A PMTiles archive of the fixture tiles of zoom 2 columns 2–3 rows 1–2 and the zoom-3 tiles under them.
    static func archive() async throws -> String {
        let directory = try temporaryDirectory()
        for (z, columns, rows) in [(2, 2...3, 1...2), (3, 4...7, 2...5)] {
            for x in columns {
                try FileManager.default.createDirectory(atPath: "\(directory)/tiles/\(z)/\(x)", withIntermediateDirectories: true)
                for y in rows {
                    try FileManager.default.copyItem(atPath: "\(FixtureTiles.root)/\(z)/\(x)/\(y).png", toPath: "\(directory)/tiles/\(z)/\(x)/\(y).png")
                }
            }
        }
        let path = directory + "/east.pmtiles"
        let merge = TileMerge(inputs: [try TileArchive(path: directory + "/tiles")], preference: nil)
        let sink = try await PMTilesSink(path: path)
        let report = try await merge.run(into: sink, progress: { _ in })
        try sink.finish(describing: merge.description(name: "east", format: "png", report: report))
        return path
    }

    @Test func anArchivesZoomsAndBoundsAreItsLimits() async throws {
        let path = try await Self.archive()
        try await InProcessServer.with(config: "layers:\n  east:\n    source: \(path)\n") { server throws in
            let root = try await WMTSCapabilitiesTests.document(server)
            let layer = try #require(root.first("Layer"))
            let lower = (layer.first("LowerCorner")?.stringValue ?? "").split(separator: " ").compactMap { Double($0) }
            let upper = (layer.first("UpperCorner")?.stringValue ?? "").split(separator: " ").compactMap { Double($0) }
            #expect(lower.count == 2 && abs(lower[0]) < 1e-6 && abs(lower[1] + 66.51326) < 1e-4, "\(lower)")
            #expect(upper.count == 2 && abs(upper[0] - 180) < 1e-6 && abs(upper[1] - 66.51326) < 1e-4, "\(upper)")
            let limits = try #require(layer.first("TileMatrixSetLimits")).children("TileMatrixLimits").map { limit in
                ["TileMatrix", "MinTileRow", "MaxTileRow", "MinTileCol", "MaxTileCol"].map { limit.first($0)?.stringValue ?? "" }
            }
            #expect(limits == [["2", "1", "2", "2", "3"], ["3", "2", "5", "4", "7"]])

            let tiles = try await server.request("/tiles/east/3/5/4.png")
            let wmts = try await server.request("/wmts/1.0.0/east/default/WebMercatorQuad/3/4/5.png")
            #expect(tiles.status == 200 && wmts.body == tiles.body && WMTSGetTileTests.fields(wmts) == WMTSGetTileTests.fields(tiles))
            for (target, locator) in [("3/1/5", "TILEROW"), ("3/4/3", "TILECOL"), ("1/0/1", "TILEMATRIX"), ("4/8/8", "TILEMATRIX")] {
                let (status, code, answered) = try await WMTSExceptionTests.report(server, "/wmts/1.0.0/east/default/WebMercatorQuad/\(target).png")
                #expect(status == 400 && code == "TileOutOfRange" && answered == locator, "\(target): \(status) \(code ?? "-") \(answered ?? "-")")
            }
        }
    }
}
