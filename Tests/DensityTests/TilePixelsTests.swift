import Density
import Testing
import Tiles

@Suite struct TilePixelsTests {
    @Test func aTilesCornersAreItsPixelEdges() throws {
        let tile = try TileID(z: 3, x: 4, y: 2)
        let pixels = TilePixels(tile: tile)
        let bounds = tile.bounds
        let northWest = pixels.pixel(longitude: bounds.west, latitude: bounds.north)
        let southEast = pixels.pixel(longitude: bounds.east, latitude: bounds.south)
        #expect(abs(northWest.x) < 1e-9 && abs(northWest.y) < 1e-9)
        #expect(abs(southEast.x - 256) < 1e-9 && abs(southEast.y - 256) < 1e-9)
    }

    @Test func twoXTilesHaveTwiceThePixels() throws {
        let tile = try TileID(z: 5, x: 16, y: 10)
        let one = TilePixels(tile: tile), two = TilePixels(tile: tile, scale: 2)
        let a = one.pixel(longitude: 2.35, latitude: 48.85), b = two.pixel(longitude: 2.35, latitude: 48.85)
        #expect(abs(b.x - 2 * a.x) < 1e-9 && abs(b.y - 2 * a.y) < 1e-9)
        #expect(two.size == 512 && abs(one.metresPerPixel - 2 * two.metresPerPixel) < 1e-9)
    }

    @Test func theMarginWidensTheBoundsByThatManyPixels() throws {
        let pixels = TilePixels(tile: try TileID(z: 4, x: 8, y: 5))
        let bounds = pixels.bounds(margin: 20)
        let west = pixels.pixel(longitude: bounds.west, latitude: bounds.north)
        #expect(abs(west.x + 20) < 1e-6 && abs(west.y + 20) < 1e-6)
    }
}
