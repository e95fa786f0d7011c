import Foundation
import Testing
import Tiles

@Suite struct WebMercatorTests {
    @Test func knownPlaces() throws {
        // Berlin (13.4050, 52.5200) at zoom 10 is tile 550/335 (OSM wiki's slippy map example).
        #expect(WebMercator.tile(longitude: 13.4050, latitude: 52.52, zoom: 10) == (try TileID(z: 10, x: 550, y: 335)))
        #expect(WebMercator.tile(longitude: 0, latitude: 0, zoom: 1) == (try TileID(z: 1, x: 1, y: 1)))
        #expect(WebMercator.tile(longitude: -180, latitude: 85.0511, zoom: 4) == (try TileID(z: 4, x: 0, y: 0)))
        #expect(WebMercator.tile(longitude: 180, latitude: -90, zoom: 4) == (try TileID(z: 4, x: 15, y: 15)))
    }

    @Test func latitudeIsClampedToTheSquareWorld() {
        #expect(WebMercator.tilePosition(longitude: 0, latitude: 89.9, zoom: 2).y == 0)
        #expect(abs(WebMercator.tilePosition(longitude: 0, latitude: -89.9, zoom: 2).y - 4) < 1e-9)
        #expect(abs(WebMercator.latitude(y: 0, zoom: 0) - WebMercator.maximumLatitude) < 1e-9)
    }

    @Test func tileCentresRoundTrip() throws {
        var generator = SeededGenerator()
        for _ in 0..<2000 {
            let z = Int.random(in: 0...TileID.maximumZoom, using: &generator)
            let tile = try TileID(z: z, x: Int.random(in: 0..<(1 << z), using: &generator), y: Int.random(in: 0..<(1 << z), using: &generator))
            let b = tile.bounds
            #expect(b.west < b.east && b.south < b.north, "seed \(generator.seed): \(tile) bounds \(b)")
            let centre = WebMercator.tile(longitude: (b.west + b.east) / 2, latitude: (b.south + b.north) / 2, zoom: z)
            #expect(centre == tile, "seed \(generator.seed): \(tile) bounds \(b) centre gives \(centre)")
        }
    }

    @Test func pointsRoundTripThroughTilePositions() {
        var random = SeededGenerator()
        for _ in 0..<2000 {
            let lon = Double.random(in: -180...180, using: &random), lat = Double.random(in: -85...85, using: &random)
            let z = Int.random(in: 0...20, using: &random)
            let p = WebMercator.tilePosition(longitude: lon, latitude: lat, zoom: z)
            let failure: Comment = "seed \(random.seed): (\(lon), \(lat)) at zoom \(z)"
            #expect(abs(WebMercator.longitude(x: p.x, zoom: z) - lon) < 1e-9, failure)
            #expect(abs(WebMercator.latitude(y: p.y, zoom: z) - lat) < 1e-9, failure)
        }
    }
}
