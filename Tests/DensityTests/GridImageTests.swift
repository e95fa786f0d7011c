import Clusters
@testable import Density
import Testing
import Tiles

/// The choropleth: each cell's colour on the dataset's one scale, the same in every tile.
@Suite struct GridImageTests {
    @Test func theChoroplethColoursEachCellOnTheDatasetsScale() throws {
        let points = GridTileTests.points(count: 3000).points
        let grid = try GridTileTests.grid(points)
        let options = GridOptions(shape: .hex, cell: 32)
        let lattice = try #require(options.lattice(zoom: 7))
        // The scale: the 99th percentile of the counts of every non-empty cell of the dataset.
        var counts: [GridCell: Int] = [:]
        for point in 0..<points.count { counts[lattice.cell(longitude: points.longitudes[point], latitude: points.latitudes[point]), default: 0] += 1 }
        let sorted = counts.values.sorted()
        let scale = Double(sorted[Int((0.99 * Double(sorted.count)).rounded(.up)) - 1])
        #expect(grid.scale(lattice) == scale)

        let ramp = try ColorRamp(parsing: "viridis")
        let table = ramp.lookupTable()
        for (tile, pixelScale) in [(try TileID(z: 7, x: 63, y: 64), 1), (try TileID(z: 7, x: 64, y: 64), 2)] {
            let pixels = TilePixels(tile: tile, scale: pixelScale)
            let surface = try grid.image(pixels, options: options, ramp: ramp)
            #expect(surface.width == 256 * pixelScale)
            let frame = GridTileFrame(lattice: lattice, tile: tile)
            var coloured = 0
            for tally in try grid.cells(tile, options: options) {
                let centre = frame.units(x: lattice.centre(of: tally.cell).x, y: lattice.centre(of: tally.cell).y)
                let column = Int(centre.x / 4096 * Double(pixels.size)), row = Int(centre.y / 4096 * Double(pixels.size))
                guard (0..<pixels.size).contains(column), (0..<pixels.size).contains(row) else { continue }
                let expected = table[Int((255 * min(1, Double(tally.count) / scale)).rounded())]
                let pixel = surface.withPixels { pixels, stride in pixels[row * stride + column] }
                #expect(pixel == expected)
                coloured += 1
            }
            #expect(coloured > 10)
        }
        // A pixel of an empty cell stays transparent: far from every point.
        let empty = try grid.image(TilePixels(tile: TileID(z: 7, x: 10, y: 10)), options: options, ramp: ramp)
        let blank = empty.withPixels { pixels, _ in pixels.allSatisfy { $0 == 0 } }
        #expect(blank)
    }
}
