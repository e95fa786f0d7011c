import Canvas
import ClusterOverlays
import Clusters
import Codecs
import Foundation
import Testing
import TestTier
import Tiles

/// The `clusters` renderer as `cairn render` runs it over the sample cities: overlay-only tiles
/// (`--source none`) are the server's overlay tiles byte for byte, and on map tiles the same
/// badges are burned in over the map.
@Suite(.process) struct ClustersRendererTests {
    static let cities = ClustersCommandTests.geojson
    static let box = "0,35,30,60"
    static let chain = "clusters:dataset=\(cities),radius=80"

    /// The tiles of `box` at `zoom`, with the overlay the server draws for each, on `base` when given.
    static func expected(zoom: Int, base: ((TileID) throws -> Surface)? = nil, index: ClusterIndex? = nil,
                         overlay: ClusterOverlay? = nil) throws -> [(TileID, Surface)] {
        let index = try index ?? ClusterIndex(points: try PointReader.read(path: cities).points, options: ClusterOptions(radius: 80))
        let overlay = try overlay ?? ClusterOverlay(style: .google)
        return try TileList(region: try BoundingBox(parsing: box), zooms: zoom...zoom).map { tile in
            let surface = try base?(tile) ?? Surface(width: 256, height: 256)
            try overlay.draw(index, zoom: tile.z, originX: 256 * tile.x, originY: 256 * tile.y, on: surface, scale: 1)
            return (tile, surface)
        }
    }

    @Test func overlayOnlyTilesAreTheServersOverlayTiles() throws {
        let out = try Cairn.temporaryDirectory() + "/overlay"
        let run = try Cairn.run(["render", "--source", "none", "--bbox", Self.box, "--zoom", "4", "--chain", Self.chain, "--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        var drawn = 0
        for (tile, surface) in try Self.expected(zoom: 4) {
            let written = try #require(FileManager.default.contents(atPath: "\(out)/\(tile.z)/\(tile.x)/\(tile.y).png"), "\(tile)")
            // The same pixels, written with the overlay tiles' encoder (PNG rows unfiltered).
            #expect(Array(written) == (try ImageEncoder.overlay(for: .png).encode(surface)), "\(tile)")
            drawn += pixels(surface).filter { $0 != 0 }.count
        }
        #expect(drawn > 256 * 256 / 10, "too few badges in the box for the comparison to mean anything")
    }

    /// `filter=`, `categories=` and `parts=`: the filtered index's clusters as pies, byte for byte.
    @Test func filteredCategoryTilesAreTheFilteredIndexsPies() throws {
        let out = try Cairn.temporaryDirectory() + "/pies"
        let chain = Self.chain + ",filter=population > 100000,categories=country=DE;FR;IT,parts=pie"
        let run = try Cairn.run(["render", "--source", "none", "--bbox", Self.box, "--zoom", "5", "--chain", chain, "--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        let index = try ClusterIndex.build(points: try PointReader.read(path: Self.cities).points, options: ClusterOptions(radius: 80),
                                           categories: CategorySpec(property: "country", values: ["DE", "FR", "IT"]),
                                           filter: PointFilter(parsing: "population > 100000"))
        let overlay = try ClusterOverlay(style: .google, categories: CategoryStyle(look: .pie))
        var drawn = 0
        for (tile, surface) in try Self.expected(zoom: 5, index: index, overlay: overlay) {
            let written = try #require(FileManager.default.contents(atPath: "\(out)/\(tile.z)/\(tile.x)/\(tile.y).png"), "\(tile)")
            #expect(Array(written) == (try ImageEncoder.overlay(for: .png).encode(surface)), "\(tile)")
            drawn += pixels(surface).filter { $0 != 0 }.count
        }
        #expect(drawn > 256 * 256 / 20)
        let bad = try Cairn.run(["render", "--source", "none", "--bbox", Self.box, "--zoom", "5", "--chain", Self.chain + ",filter=population >",
                                 "--out", out + "2"])
        #expect(bad.status == 64 && bad.errorLines.count == 1 && bad.errorLines[0].contains("filter: expected a value after '>'"), "\(bad.stderr)")
    }

    @Test func badgesAreBurnedIntoMapTiles() throws {
        let out = try Cairn.temporaryDirectory() + "/burned"
        let run = try Cairn.run(["render", "--source", "file://\(worldTiles)/{z}/{x}/{y}.png", "--bbox", Self.box, "--zoom", "3",
                                 "--chain", Self.chain, "--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        func baseTile(_ tile: TileID) throws -> Surface {
            try ImageDecoder.decode(Array(FileManager.default.contents(atPath: "\(worldTiles)/\(tile.z)/\(tile.x)/\(tile.y).png")!))
        }
        var changed = 0
        for (tile, surface) in try Self.expected(zoom: 3, base: baseTile) {
            let written = try #require(FileManager.default.contents(atPath: "\(out)/\(tile.z)/\(tile.x)/\(tile.y).png"), "\(tile)")
            let decoded = pixels(try ImageDecoder.decode(Array(written)))
            #expect(decoded == pixels(surface), "\(tile): not the map with the overlay drawn on it")
            changed += zip(decoded, pixels(try baseTile(tile))).filter { $0 != $1 }.count
        }
        #expect(changed > 256 * 256 / 10, "the badges changed only \(changed) pixels of the map")
    }
}
