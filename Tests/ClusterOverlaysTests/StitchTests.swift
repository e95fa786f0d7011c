import Canvas
import Foundation
import Clusters
import Markers
import Testing
@testable import ClusterOverlays

/// Overlay tiles are pieces of one picture: four neighbouring tiles stitched together equal one
/// render of the same area, pixel for pixel, with badges across the tile edges drawn on both.
@Suite struct StitchTests {
    /// Clumps of points around the shared corner of four zoom-3 tiles, so badges straddle the edges.
    static func points() -> PointSet {
        var points = PointSet()
        var state: UInt64 = 42
        func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        // The corner of tiles 3/3/3, 3/4/3, 3/3/4, 3/4/4 is at lon 0, lat 0.
        for _ in 0..<400 {
            points.append(longitude: (next() - 0.5) * 30, latitude: (next() - 0.5) * 30)
        }
        for _ in 0..<40 {
            points.append(longitude: 1 + next() * 0.2, latitude: -1 - next() * 0.2)
        }
        return points
    }

    @Test(arguments: [1.0, 2.0])
    func fourTilesEqualOneRender(scale: Double) throws {
        let index = try ClusterIndex(points: Self.points())
        let overlay = try ClusterOverlay(style: .google)
        let side = Int(256 * scale)
        let big = try Surface(width: 2 * side, height: 2 * side)
        try overlay.draw(index, zoom: 3, originX: 3 * 256, originY: 3 * 256, on: big, scale: scale)
        var drawn = 0
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let tile = try Surface(width: side, height: side)
            try overlay.draw(index, zoom: 3, originX: (3 + dx) * 256, originY: (3 + dy) * 256, on: tile, scale: scale)
            for y in 0..<side {
                for x in 0..<side {
                    let expected = big.pixel(x: dx * side + x, y: dy * side + y)
                    let actual = tile.pixel(x: x, y: y)
                    try #require(actual == expected, "tile +\(dx)+\(dy) pixel \(x),\(y) at @\(Int(scale))x")
                    if actual.a > 0 { drawn += 1 }
                }
            }
        }
        // The test means something only if badges were drawn, across the edges too.
        #expect(drawn > side * side / 20)
        let edge = (0..<(2 * side)).filter { big.pixel(x: side, y: $0).a > 0 || big.pixel(x: $0, y: side).a > 0 }
        #expect(!edge.isEmpty, "no badge crosses a tile edge: the stitching is not exercised")
    }

    @Test func badgesSitOnTheirClusters() throws {
        var points = PointSet()
        for _ in 0..<5 { points.append(longitude: 10, latitude: 20) }
        points.append(longitude: -100, latitude: -40)
        let index = try ClusterIndex(points: points)
        let overlay = try ClusterOverlay(style: .google)
        let zoom = 2
        let world = try Surface(width: 1024, height: 1024)
        try overlay.draw(index, zoom: zoom, originX: 0, originY: 0, on: world, scale: 1)
        // The cluster of 5 at (10, 20): google's disc colour under the label's corner, transparent far away.
        let cluster = tilePixel(longitude: 10, latitude: 20, zoom: zoom)
        let badge = try BadgeStyle.google.layout(for: 5)
        let inDisc = world.pixel(x: cluster.x - Int(badge.diameter / 2) + 6, y: cluster.y)
        #expect(inDisc.a == 255)
        #expect(abs(Int(inDisc.r) - Int((badge.fill.red * 255).rounded())) <= 3)
        // The lone point: the marker's fill at its centre.
        let lone = tilePixel(longitude: -100, latitude: -40, zoom: zoom)
        let centre = world.pixel(x: lone.x, y: lone.y)
        #expect(centre.a == 255 && centre.r == 0xd9 && centre.g == 0x30 && centre.b == 0x25)
        #expect(world.pixel(x: 5, y: 5).a == 0)
    }

    private func tilePixel(longitude: Double, latitude: Double, zoom: Int) -> (x: Int, y: Int) {
        let n = Double(1 << zoom) * 256
        let x = (longitude + 180) / 360 * n
        let s = sin(latitude * .pi / 180)
        let y = (0.5 - 0.25 * log((1 + s) / (1 - s)) / .pi) * n
        return (Int(x), Int(y))
    }
}
