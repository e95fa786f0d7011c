import Canvas
import Clusters
import Codecs
import Density
import Testing
import Tiles

@Suite struct HeatmapTests {
    /// Points around Vienna, some on tile edges' both sides at zoom 11.
    static let vienna = HeatmapTestPoints.random(3000, in: try! BoundingBox(west: 16.2, south: 48.1, east: 16.6, north: 48.3), seed: 3)

    @Test func twoByTwoTilesAreTheAreaDrawnAtOnce() throws {
        let heatmap = Self.vienna.heatmap
        let options = try HeatmapOptions(radius: "25", ramp: "viridis")
        let z = 11, x = 1116, y = 709
        let picture = try heatmap.picture(zoom: z, scale: 1, originX: x * 256, originY: y * 256, width: 512, height: 512, options: options)
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let tile = try heatmap.tile(TilePixels(tile: try TileID(z: z, x: x + dx, y: y + dy)), options: options)
            for py in 0..<256 {
                for px in 0..<256 where tile.pixel(x: px, y: py) != picture.pixel(x: dx * 256 + px, y: dy * 256 + py) {
                    Issue.record("tile \(dx),\(dy) pixel \(px),\(py) differs from the picture's")
                    return
                }
            }
        }
        // Something is drawn, and both sides of the tiles' shared edge.
        #expect(picture.pixel(x: 255, y: 256) != picture.pixel(x: 0, y: 0) || picture.pixel(x: 256, y: 255).a > 0)
    }

    @Test func aFilterDrawsWhatAFileOfTheFilteredPointsDraws() throws {
        var all = PointSet(), kept = PointSet()
        for (k, point) in Self.vienna.points.enumerated() {
            let properties = "{\"kind\":\"\(k % 3 == 0 ? "cafe" : "shop")\"}"
            all.append(longitude: point.longitude, latitude: point.latitude, id: nil, properties: properties)
            if k % 3 == 0 { kept.append(longitude: point.longitude, latitude: point.latitude, id: nil, properties: properties) }
        }
        let filtered = try ClusterIndex(points: all).filtered(by: try PointFilter(parsing: "kind = 'cafe'"))
        let options = try HeatmapOptions(radius: "30")
        let tile = TilePixels(tile: try TileID(z: 10, x: 558, y: 354))
        let encoder = ImageEncoder.overlay(for: .png)
        let fromFilter = try encoder.encode(Heatmap(index: filtered).tile(tile, options: options))
        let fromFile = try encoder.encode(Heatmap(index: try ClusterIndex(points: kept)).tile(tile, options: options))
        #expect(fromFilter == fromFile)
        #expect(fromFilter != (try encoder.encode(Heatmap(index: try ClusterIndex(points: all)).tile(tile, options: options))))
    }

    @Test func weightTwoIsEveryPointTwice() throws {
        var weighted = HeatmapTestPoints(), doubled = HeatmapTestPoints()
        for point in Self.vienna.points.prefix(500) {
            weighted.points.append((point.longitude, point.latitude, 2))
            doubled.points.append((point.longitude, point.latitude, nil))
            doubled.points.append((point.longitude, point.latitude, nil))
        }
        // One scale for both: the auto scale of the doubled points.
        let tile = TilePixels(tile: try TileID(z: 11, x: 1116, y: 709), scale: 2)
        let twice = doubled.heatmap
        let scale = try twice.scale(zoom: 11, options: HeatmapOptions())
        let byWeight = try weighted.heatmap.tile(tile, options: try HeatmapOptions(radius: nil, weight: "w", scale: "\(scale)"))
        let byCopies = try twice.tile(tile, options: try HeatmapOptions(radius: nil, scale: "\(scale)"))
        #expect(HeatmapTestPoints.alphas(byWeight) == HeatmapTestPoints.alphas(byCopies))
        #expect(HeatmapTestPoints.alphas(byWeight).contains { $0 > 0 })
        // The same densities at the same points, summed in another order.
        #expect(abs(try weighted.heatmap.scale(zoom: 11, options: try HeatmapOptions(radius: nil, weight: "w")) - scale) <= 1e-9 * scale)
    }

    @Test func normalizedByAreaUniformPointsKeepTheirColourAcrossZooms() throws {
        // A lattice every 0.1° over 20° × 20°: uniform at every zoom where a pixel is much smaller than the radius.
        var lattice = HeatmapTestPoints()
        for i in 0..<200 {
            for j in 0..<200 { lattice.points.append((-10 + 0.1 * Double(i) + 0.05, -10 + 0.1 * Double(j) + 0.05, nil)) }
        }
        let heatmap = lattice.heatmap
        let options = try HeatmapOptions(radius: "20", ramp: "0:#0000ff00,1:#0000ff", scale: "170000", normalize: "area")
        /// The colour level at (0.5°, 0.5°), well inside the lattice, at zoom `z`.
        func level(_ options: HeatmapOptions, zoom z: Int) throws -> Int {
            let pixels = TilePixels(tile: WebMercator.tile(longitude: 0.5, latitude: 0.5, zoom: z))
            let at = pixels.pixel(longitude: 0.5, latitude: 0.5)
            return Int(try heatmap.tile(pixels, options: options).pixel(x: Int(at.x), y: Int(at.y)).a)
        }
        let levels = try (3...6).map { try level(options, zoom: $0) }
        #expect(levels.allSatisfy { abs($0 - levels[0]) <= 1 }, "levels \(levels)")
        #expect((60...200).contains(levels[0]), "levels \(levels)")
        // Without normalizing, one scale at every zoom: the colour fades zoom after zoom.
        let plain = try HeatmapOptions(radius: "20", ramp: "0:#0000ff00,1:#0000ff", scale: "\(170000 / 64.0)")
        let fading = try (3...6).map { try level(plain, zoom: $0) }
        #expect(fading[0] > fading[3] + 50, "levels \(fading)")
    }

    @Test func aBadWeightNamesThePoint() throws {
        var set = PointSet()
        set.append(longitude: 1, latitude: 2, id: "\"a\"", properties: "{\"w\":3}")
        set.append(longitude: 16.5, latitude: 48.25, id: "\"b\"", properties: "{\"w\":\"heavy\"}")
        let heatmap = Heatmap(index: try ClusterIndex(points: set))
        let tile = TilePixels(tile: try TileID(z: 0, x: 0, y: 0))
        let error = #expect(throws: HeatmapWeightError.self) { try heatmap.tile(tile, options: try HeatmapOptions(radius: nil, weight: "w")) }
        #expect(error?.description == "weight 'w' of the point at 16.5,48.25 (id \"b\") is the string \"heavy\", not a number")
        let missing = #expect(throws: HeatmapWeightError.self) { try heatmap.tile(tile, options: try HeatmapOptions(radius: nil, weight: "mass")) }
        #expect(missing?.description.hasPrefix("weight: no point has a property 'mass'") == true)
    }

    @Test func optionsOutOfTheirLimitsAreNamed() {
        let radius = #expect(throws: HeatmapOptionsError.self) { try HeatmapOptions(radius: "0") }
        #expect(radius?.description == "radius '0': expected a number of pixels from 1 to 128")
        #expect(throws: HeatmapOptionsError.self) { try HeatmapOptions(radius: nil, kernel: "box") }
        #expect(throws: HeatmapOptionsError.self) { try HeatmapOptions(radius: nil, opacity: "1.5") }
        #expect(throws: HeatmapOptionsError.self) { try HeatmapOptions(radius: nil, scale: "-2") }
        #expect(throws: HeatmapOptionsError.self) { try HeatmapOptions(radius: nil, normalize: "volume") }
    }
}
