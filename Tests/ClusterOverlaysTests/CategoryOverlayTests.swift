import Canvas
import Foundation
import Clusters
import Markers
import Testing
@testable import ClusterOverlays

/// Overlays of a dataset with categories: a cluster is its donut (the ring's colour at known
/// angles is its categories', clockwise from 12 o'clock), a lone point the marker in its
/// category's colour, and tiles still stitch into one picture.
@Suite struct CategoryOverlayTests {
    static let red = Color(r: 0xe6, g: 0x19, b: 0x4b), blue = Color(r: 0x43, g: 0x63, b: 0xd8)

    /// 30 'a' and 10 'b' on one spot at (10, 20), a lone 'b' at (-100, -40).
    static func index() throws -> ClusterIndex {
        var points = PointSet()
        for i in 0..<40 { points.append(longitude: 10, latitude: 20, id: nil, properties: i < 30 ? #"{"k":"a"}"# : #"{"k":"b"}"#) }
        points.append(longitude: -100, latitude: -40, id: nil, properties: #"{"k":"b"}"#)
        return try ClusterIndex(points: points, categories: CategorySpec(property: "k", values: ["a", "b"]))
    }

    private func near(_ pixel: RGBA8, _ color: Color) -> Bool {
        abs(Int(pixel.r) - Int((color.red * 255).rounded())) <= 6 && abs(Int(pixel.g) - Int((color.green * 255).rounded())) <= 6
            && abs(Int(pixel.b) - Int((color.blue * 255).rounded())) <= 6 && pixel.a >= 230
    }

    @Test(arguments: [1.0, 2.0])
    func aClusterIsItsDonutAndAPointItsCategorysColour(scale: Double) throws {
        let index = try Self.index()
        let style = CategoryStyle(look: .donut, colors: ["a": Self.red, "b": Self.blue])
        let overlay = try ClusterOverlay(style: .google, categories: style)
        let zoom = 2, side = Int(1024 * scale)
        let world = try Surface(width: side, height: side)
        try overlay.draw(index, zoom: zoom, originX: 0, originY: 0, on: world, scale: scale)
        let centre = pixel(longitude: 10, latitude: 20, zoom: zoom, scale: scale)
        let badge = try BadgeStyle.google.layout(for: 40)
        // The ring: its outer 15 % of the radius, measured at 95 % of it.
        let ring = badge.diameter / 2 * 0.95 * scale
        func at(_ degrees: Double) -> RGBA8 {
            let radians = degrees * .pi / 180
            return world.pixel(x: centre.x + Int((ring * sin(radians)).rounded()), y: centre.y - Int((ring * cos(radians)).rounded()))
        }
        // a is 30 of 40: 0°–270° clockwise from 12 o'clock; b the rest.
        for degrees in [20.0, 90, 180, 250] { #expect(near(at(degrees), Self.red), "\(degrees)° is \(at(degrees))") }
        for degrees in [290.0, 315, 340] { #expect(near(at(degrees), Self.blue), "\(degrees)° is \(at(degrees))") }
        let lone = pixel(longitude: -100, latitude: -40, zoom: zoom, scale: scale)
        #expect(near(world.pixel(x: lone.x, y: lone.y), Self.blue))
        #expect(world.pixel(x: 5, y: 5).a == 0)
    }

    @Test func dominantIsTheBadgeInItsLargestCategorysColourAndPlainWithoutAStyle() throws {
        let index = try Self.index()
        let zoom = 2
        let world = try Surface(width: 1024, height: 1024)
        try ClusterOverlay(style: .google, categories: CategoryStyle(look: .dominant, colors: ["a": Self.red])).draw(index, zoom: zoom, originX: 0, originY: 0, on: world, scale: 1)
        let centre = pixel(longitude: 10, latitude: 20, zoom: zoom, scale: 1)
        let badge = try BadgeStyle.google.layout(for: 40)
        #expect(near(world.pixel(x: centre.x - Int(badge.diameter / 2) + 6, y: centre.y), Self.red))
        let plain = try Surface(width: 1024, height: 1024)
        try ClusterOverlay(style: .google).draw(index, zoom: zoom, originX: 0, originY: 0, on: plain, scale: 1)
        #expect(!near(plain.pixel(x: centre.x - Int(badge.diameter / 2) + 6, y: centre.y), Self.red))
    }

    @Test func donutTilesStitchIntoOneRender() throws {
        var points = PointSet()
        let base = StitchTests.points()
        for row in 0..<base.count {
            points.append(longitude: base.longitudes[row], latitude: base.latitudes[row], id: nil,
                          properties: "{\"k\":\"\(["a", "b", "c"][row % 3])\"}")
        }
        let index = try ClusterIndex(points: points, categories: CategorySpec(property: "k"))
        let overlay = try ClusterOverlay(style: .google, categories: CategoryStyle(look: .donut))
        let big = try Surface(width: 512, height: 512)
        try overlay.draw(index, zoom: 3, originX: 3 * 256, originY: 3 * 256, on: big, scale: 1)
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let tile = try Surface(width: 256, height: 256)
            try overlay.draw(index, zoom: 3, originX: (3 + dx) * 256, originY: (3 + dy) * 256, on: tile, scale: 1)
            for y in 0..<256 {
                for x in 0..<256 {
                    try #require(tile.pixel(x: x, y: y) == big.pixel(x: dx * 256 + x, y: dy * 256 + y), "tile +\(dx)+\(dy) pixel \(x),\(y)")
                }
            }
        }
        #expect((0..<512).contains { big.pixel(x: 256, y: $0).a > 0 })
    }

    private func pixel(longitude: Double, latitude: Double, zoom: Int, scale: Double) -> (x: Int, y: Int) {
        let n = Double(1 << zoom) * 256 * scale
        let s = sin(latitude * .pi / 180)
        return (Int(((longitude + 180) / 360 * n + 0.5).rounded(.down)), Int(((0.5 - 0.25 * log((1 + s) / (1 - s)) / .pi) * n + 0.5).rounded(.down)))
    }
}
