import Foundation
import Testing
@testable import Tiles

/// An archive's description says what it holds: the zooms and the area of the tiles written, and a
/// centre at a zoom among them, whatever the job asked for.
@Suite struct ArchiveMetadataTests {
    /// A job that asked for zooms 0-12 over the world, and wrote tiles of zooms 2-3 around Switzerland.
    static let asked = TilesetDescription(name: "asked", format: "png", bounds: .world, minZoom: 0, maxZoom: 12)
    static let written = [try! TileID(z: 2, x: 2, y: 1), try! TileID(z: 3, x: 4, y: 2), try! TileID(z: 3, x: 4, y: 3)]

    /// The box of zoom 2's tile (2, 1): 0…90° E, 0…66.5° N; zoom 3's tiles lie inside it.
    static let area = try! TileID(z: 2, x: 2, y: 1).bounds

    @Test func aDescriptionIsFittedToTheTilesHeld() {
        var coverage = TileCoverage()
        for tile in Self.written { coverage.add(tile) }
        #expect(coverage.zooms == 2...3)
        #expect(coverage.bounds == Self.area)
        let fitted = Self.asked.fitted(to: coverage)
        #expect(fitted.minZoom == 2 && fitted.maxZoom == 3)
        #expect(fitted.bounds == Self.area)
        // A described area inside the tiles' stays; one across the antimeridian is kept as it is.
        let swiss = try! BoundingBox(west: 5.9, south: 45.8, east: 10.5, north: 47.8)
        #expect(TilesetDescription(name: "s", format: "png", bounds: swiss).fitted(to: coverage).bounds == swiss)
        let fiji = try! BoundingBox(west: 170, south: -20, east: -170, north: 20)
        #expect(TilesetDescription(name: "f", format: "png", bounds: fiji).fitted(to: coverage).bounds == fiji)
        // A vector layer said to span zooms 0-12 spans those held.
        var vector = Self.asked
        vector.vectorLayers = [TilesetDescription.VectorLayer(id: "clusters", description: "", minZoom: 0, maxZoom: 12, fields: [:])]
        #expect(vector.fitted(to: coverage).vectorLayers.map { $0.minZoom...$0.maxZoom } == [2...3])
        // Nothing written: the description as it was.
        #expect(Self.asked.fitted(to: TileCoverage()) == Self.asked)
    }

    @Test func anInheritedCentreMovesIntoTheZoomsHeld() {
        var coverage = TileCoverage()
        for tile in Self.written { coverage.add(tile) }
        var described = Self.asked
        described.inheritedFields["center"] = "8.2,46.8,9"
        #expect(described.fitted(to: coverage).inheritedFields["center"] == "8.2,46.8,3")
        described.inheritedFields["center"] = "8.2,46.8,0"
        #expect(described.fitted(to: coverage).inheritedFields["center"] == "8.2,46.8,2")
    }

    @Test func anMBTilesFileSaysWhatItHolds() throws {
        let path = NSTemporaryDirectory() + "cairn-metadata-\(UUID().uuidString).mbtiles"
        defer { try? FileManager.default.removeItem(atPath: path) }
        // A first run writes one tile and stops; the resumed one writes the others.
        let first = try MBTilesSink(path: path)
        try first.write(Self.written[0], data: [1])
        try first.finish(describing: Self.asked)
        let resumed = try MBTilesSink(path: path)
        for tile in Self.written.dropFirst() { try resumed.write(tile, data: [2]) }
        try resumed.finish(describing: Self.asked)
        let metadata = try MBTilesReader(path: path).metadata()
        #expect(metadata["minzoom"] == "2" && metadata["maxzoom"] == "3")
        #expect(metadata["bounds"] == "\(Self.area)")
        #expect(metadata["center"] == "45.0,\((Self.area.south + Self.area.north) / 2),2")
    }

    @Test func aPMTilesArchiveSaysWhatItHolds() async throws {
        let path = NSTemporaryDirectory() + "cairn-metadata-\(UUID().uuidString).pmtiles"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = try await PMTilesSink(path: path)
        for tile in Self.written { try sink.write(tile, data: [3]) }
        try sink.finish(describing: Self.asked)
        let archive = try PMTilesReader(path: path)
        #expect(archive.header.minZoom == 2 && archive.header.maxZoom == 3)
        #expect(archive.header.centerZoom == 2)
        #expect(archive.header.minLonE7 == 0 && archive.header.maxLonE7 == 900_000_000)
        #expect(archive.metadata["minzoom"] == "2" && archive.metadata["maxzoom"] == "3")
        #expect(archive.metadata["bounds"] == "0,0,90,\(Self.area.north)")
    }
}
