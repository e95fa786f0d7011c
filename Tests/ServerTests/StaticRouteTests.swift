import Canvas
import Codecs
import Foundation
import Testing

/// `GET /static/{layer}/{view}/{size}…` in process over the bundled world tiles: at a whole
/// zoom the picture is, pixel for pixel, the region cut from the layer's own tiles (across the
/// antimeridian too, and at @2x); pins, paths and clusters land at their projected positions; a
/// fractional zoom is the next zoom's tiles shrunk smoothly; bad parameters are 400 with a reason.
@Suite struct StaticRouteTests {
    /// The world layer through a grid chain; with the sample cities as dataset `cities` when
    /// `cities` (loading them takes a while: only the tests that draw clusters ask for them).
    private static func config(cities: Bool = false, _ extra: String = "") -> String {
        (cities ? CitiesDataset.config().replacingOccurrences(of: "layers: {}\n", with: "") : "") + """
        layers:
          world:
            source: {url: "file://\(repositoryRoot)/Tests/Fixtures/tiles/world/{z}/{x}/{y}.png", maxzoom: 4}
            chain: [{grid: {}}]
            maxzoom: 8
            attribution: "Natural Earth"
        \(extra)
        """
    }

    /// The picture's top-left corner among the world's pixels, as the static map places it: the
    /// centre's pixel minus half the size, rounded.
    private static func origin(longitude: Double, latitude: Double, zoom: Int, width: Int, height: Int, scale: Int) -> (x: Int, y: Int) {
        let world = Double(256 * scale << zoom)
        let lat = latitude * .pi / 180
        let x = (longitude + 180) / 360 * world
        let y = (1 - log(tan(lat) + 1 / cos(lat)) / .pi) / 2 * world
        return (Int((x - Double(width * scale) / 2).rounded()), Int((y - Double(height * scale) / 2).rounded()))
    }

    private func image(_ server: InProcessServer, _ target: String) async throws -> Surface {
        let answer = try await server.request(target)
        #expect(answer.status == 200, "\(target): \(answer.text.prefix(200))")
        return try ImageDecoder.decode(answer.body)
    }

    @Test(arguments: [1, 2])
    func aWholeZoomIsTheRegionCutFromTheTiles(scale: Int) async throws {
        try await InProcessServer.with(config: Self.config()) { server throws in
            // Centred near the antimeridian: the picture takes tiles from both ends of the grid.
            let (longitude, latitude, zoom, width, height) = (178.5, 20.0, 3, 300, 200)
            let suffix = scale == 2 ? "@2x" : ""
            let picture = try await image(server, "/static/world/\(longitude),\(latitude),\(zoom)/\(width)x\(height)\(suffix).png?attribution=false")
            #expect(picture.width == width * scale && picture.height == height * scale)
            let origin = Self.origin(longitude: longitude, latitude: latitude, zoom: zoom, width: width, height: height, scale: scale)
            let side = 256 * scale, grid = 1 << zoom
            var tiles: [String: Surface] = [:]
            var mismatches = 0
            for y in 0..<picture.height {
                for x in 0..<picture.width {
                    let worldX = origin.x + x, worldY = origin.y + y
                    let column = ((worldX / side) % grid + grid) % grid, row = worldY / side
                    let key = "\(column)/\(row)"
                    if tiles[key] == nil { tiles[key] = try await image(server, "/tiles/world/\(zoom)/\(column)/\(row)\(suffix).png") }
                    let expected = tiles[key]!.pixel(x: ((worldX % side) + side) % side, y: worldY % side)
                    if picture.pixel(x: x, y: y) != expected { mismatches += 1 }
                }
            }
            #expect(mismatches == 0, "\(mismatches) pixels differ from the tiles'")
            #expect(Set(tiles.keys.map { $0.split(separator: "/")[0] }) == ["7", "0"], "the view crosses the antimeridian: \(tiles.keys.sorted())")
        }
    }

    /// A pin is one teardrop, stroked once: from just above its tip to its white dot, the column
    /// through it is the pin's colour (no white band where a triangle met a circle), at @1x and @2x.
    @Test(arguments: [1, 2])
    func aPinIsOneTeardropWithoutABand(scale: Int) async throws {
        let at2x = scale == 2 ? "@2x" : ""
        try await InProcessServer.with(config: Self.config()) { server throws in
            let picture = try await image(server, "/static/world/10,50,4/200x150\(at2x).png?attribution=false&markers=10,50,0000ff")
            // The tip is on the centre of the picture; the head's centre 20 points above it, its white dot 3.8 points across.
            let tip = (x: 100 * scale, y: 75 * scale)
            var white: [Int] = []
            for rise in (5 * scale)...(16 * scale) {
                let pixel = picture.pixel(x: tip.x, y: tip.y - rise)
                #expect(pixel.b > 200 && pixel.r < 60 && pixel.g < 60, "@\(scale)x, \(rise) px above the tip: \(pixel)")
                if pixel.r > 200 && pixel.g > 200 { white.append(rise) }
            }
            #expect(white.isEmpty, "@\(scale)x: white across the pin \(white) px above the tip")
            let rim = picture.pixel(x: tip.x, y: tip.y - 30 * scale)
            #expect(rim.r > 150 && rim.g > 150 && rim.b > 150, "@\(scale)x: the white rim at the top of the head: \(rim)")
        }
    }

    @Test func pinsPathsAndClustersLandWhereTheyBelong() async throws {
        try await InProcessServer.with(config: Self.config(cities: true)) { server throws in
            let (longitude, latitude, zoom, width, height) = (10.0, 50.0, 4, 400, 300)
            let view = "/static/world/\(longitude),\(latitude),\(zoom)/\(width)x\(height).png"
            let origin = Self.origin(longitude: longitude, latitude: latitude, zoom: zoom, width: width, height: height, scale: 1)
            func pixel(_ lon: Double, _ lat: Double) -> (x: Int, y: Int) {
                let corner = Self.origin(longitude: lon, latitude: lat, zoom: zoom, width: 0, height: 0, scale: 1)
                return (corner.x - origin.x, corner.y - origin.y)
            }
            let base = try await image(server, view + "?attribution=false")

            // A blue pin at Vienna: its head (20 points above the tip) is blue around a white dot.
            let pinned = try await image(server, view + "?attribution=false&markers=16.37,48.21,0000ff")
            let tip = pixel(16.37, 48.21)
            #expect(pinned.pixel(x: tip.x, y: tip.y - 20) == RGBA8(r: 255, g: 255, b: 255, a: 255), "the white dot of the head")
            let ring = pinned.pixel(x: tip.x, y: tip.y - 12)
            #expect(ring.b > 230 && ring.r < 30 && ring.g < 30, "blue below the dot: \(ring)")
            #expect(pinned.pixel(x: tip.x, y: tip.y + 3) == base.pixel(x: tip.x, y: tip.y + 3), "nothing below the tip")

            // A red path from Paris to Berlin, 6 points wide: red at its middle, the map beside it.
            let stroked = try await image(server, view + "?attribution=false&path=2.35,48.85;13.40,52.52&stroke=red,6")
            let (a, b) = (pixel(2.35, 48.85), pixel(13.40, 52.52))
            let middle = ((a.x + b.x) / 2, (a.y + b.y) / 2)
            let onPath = stroked.pixel(x: middle.0, y: middle.1)
            #expect(onPath.r > 240 && onPath.g < 20 && onPath.b < 20, "red on the path: \(onPath)")
            #expect(stroked.pixel(x: middle.0, y: middle.1 + 12) == base.pixel(x: middle.0, y: middle.1 + 12), "the map 12 px off it")

            // Clusters: the picture without them, with the dataset's overlay tiles laid over it; with a
            // filter, the overlay tiles of that filter.
            var pictures: [[UInt8]] = []
            for filter in ["", "&filter=population%20%3E%20500000"] {
                let clustered = try await image(server, view + "?attribution=false&clusters=cities" + filter)
                pictures.append(try await server.request(view + "?attribution=false&clusters=cities" + filter).body)
                let composite = try base.copy()
                let context = Context(composite)
                for row in (origin.y / 256)...((origin.y + height - 1) / 256) {
                    for column in (origin.x / 256)...((origin.x + width - 1) / 256) {
                        let overlay = try await image(server, "/clusters/cities/\(zoom)/\(column)/\(row).png" + filter.replacingOccurrences(of: "&", with: "?"))
                        context.draw(overlay, in: Rect(x: Double(column * 256 - origin.x), y: Double(row * 256 - origin.y), width: 256, height: 256),
                                     filter: .nearest)
                    }
                }
                var worst = 0, changed = 0
                for y in 0..<height {
                    for x in 0..<width {
                        let p = clustered.pixel(x: x, y: y), q = composite.pixel(x: x, y: y)
                        worst = max(worst, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
                        if p != base.pixel(x: x, y: y) { changed += 1 }
                    }
                }
                #expect(worst <= 2, "the clusters differ from the overlay tiles' by up to \(worst)")
                #expect(changed > width * height / (filter.isEmpty ? 20 : 500), "badges cover the picture: \(changed) pixels changed")
            }
            #expect(pictures[0] != pictures[1], "the filter changes the picture")
            let refused = try await server.request(view + "?clusters=cities&filter=population%20%3E")
            #expect(refused.status == 400 && refused.text.contains("expected a value after '>'"), "\(refused.text)")

            // The attribution stamp: the bottom-right corner differs from the picture without it.
            let stamped = try await image(server, view)
            #expect(stamped.pixel(x: width - 4, y: height - 4) != base.pixel(x: width - 4, y: height - 4))
        }
    }

    /// Zoom 3.5 is made from zoom-4 tiles shrunk to 71 %: close to the zoom-4 picture of the same
    /// region shrunk the same way, and without a seam where tiles meet.
    @Test func aFractionalZoomResamplesTheNextZoomsTiles() async throws {
        try await InProcessServer.with(config: Self.config()) { server throws in
            let shrink = pow(2, -0.5)
            let fractional = try await image(server, "/static/world/10,50,3.5/300x200.png?attribution=false")
            let larger = try await image(server, "/static/world/10,50,4/\(Int((300 / shrink).rounded()))x\(Int((200 / shrink).rounded())).png?attribution=false")
            let reference = try Surface(width: 300, height: 200)
            let context = Context(reference)
            let offsetX = (300 - Double(larger.width) * shrink) / 2, offsetY = (200 - Double(larger.height) * shrink) / 2
            context.draw(larger, in: Rect(x: offsetX, y: offsetY, width: Double(larger.width) * shrink, height: Double(larger.height) * shrink), filter: .good)
            var total = 0
            for y in 2..<198 {
                for x in 2..<298 {
                    let p = fractional.pixel(x: x, y: y), q = reference.pixel(x: x, y: y)
                    total += abs(Int(p.r) - Int(q.r)) + abs(Int(p.g) - Int(q.g)) + abs(Int(p.b) - Int(q.b))
                }
            }
            let mean = Double(total) / Double(296 * 196 * 3)
            #expect(mean < 6, "mean difference \(mean) per channel")
            #expect(fractional.isOpaque, "no transparent seam between the shrunk tiles")
        }
    }

    @Test func bothFormsOfTheViewAndTheCacheAnswer() async throws {
        try await InProcessServer.with(config: Self.config()) { server throws in
            let target = "/static/world/-10,35,30,60/400x300.webp?padding=20&markers=2.35,48.85"
            let first = try await server.request(target)
            #expect(first.status == 200 && first.header("Content-Type") == "image/webp")
            #expect(first.header("Cache-Status")?.contains("fwd=miss") == true)
            let second = try await server.request(target)
            #expect(second.header("Cache-Status") == "cairn; hit" && second.body == first.body)
            let etag = try #require(first.header("ETag"))
            #expect(try await server.request(target, headers: [("If-None-Match", etag)]).status == 304)
            let jpeg = try await server.request("/static/world/0,0,1.25/512x256@2x.jpg")
            #expect(jpeg.status == 200 && jpeg.header("Content-Type") == "image/jpeg")
            #expect(try ImageDecoder.decode(jpeg.body).width == 1024)
        }
    }

    @Test func badParametersAre400WithTheReason() async throws {
        try await InProcessServer.with(config: Self.config("limits: {max_static_side: 1000}")) { server throws in
            let cases: [(String, Int, String)] = [
                ("/static/world/10,50,4/1001x300.png", 400, "from 1 to 1000"),
                ("/static/world/10,50,4/0x300.png", 400, "from 1 to 1000"),
                ("/static/world/10,50,4/300by200.png", 400, "WIDTHxHEIGHT"),
                ("/static/world/10,50,9/300x200.png", 400, "outside layer 'world'"),
                ("/static/world/10,50/300x200.png", 400, "LON,LAT,ZOOM or W,S,E,N"),
                ("/static/world/10,95,4/300x200.png", 400, "latitude"),
                ("/static/world/abc,50,4/300x200.png", 400, "not a number"),
                ("/static/world/10,50,nan/300x200.png", 400, "not a number"),
                ("/static/world/30,35,-10,60,1/300x200.png", 400, "LON,LAT,ZOOM or W,S,E,N"),
                ("/static/world/10,50,4/300x200.png?markers=10,50,notacolour", 400, "not a colour"),
                ("/static/world/10,50,4/300x200.png?path=10,50", 400, "2 to 1000 points"),
                ("/static/world/10,50,4/300x200.png?stroke=red", 400, "stroke needs a path"),
                ("/static/world/10,50,4/300x200.png?clusters=nothing", 400, "no dataset 'nothing'"),
                ("/static/world/10,50,4/300x200.png?attribution=maybe", 400, "true or false"),
                ("/static/world/10,50,4/300x200.png?filter=a%20%3D%201", 400, "filter needs clusters=DATASET"),
                ("/static/world/-10,35,30,60/300x200.png?padding=150", 400, "padding"),
                ("/static/world/10,50,4/300x200.gif", 404, "png"),
                ("/static/nowhere/10,50,4/300x200.png", 404, "no layer"),
            ]
            for (target, status, reason) in cases {
                let answer = try await server.request(target)
                #expect(answer.status == status, "\(target): \(answer.status) \(answer.text)")
                #expect(answer.text.contains(reason), "\(target): \(answer.text)")
            }
        }
    }
}
