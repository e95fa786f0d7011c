import Canvas
import Codecs
import Foundation
import Testing
import TestSupport
import TestTier

/// `GET /clusters/{dataset}/{z}/{x}/{y}.mvt|.png|@2x.png|.webp` over the cities of `Samples/points`:
/// vector tiles decoded by an independent decoder (mapbox-vector-tile) hold the items of
/// supercluster's `getTile`, checked against the JSON API; overlay tiles show a badge where a
/// cluster is, the marker where a lone point is, nothing elsewhere, and agree across tile edges.
@Suite struct ClusterTileTests {
    /// supercluster's tile buffer: `radius / extent` of the clustering (40 / 512), in tile widths.
    static let buffer = 40.0 / 512

    /// `.process`: the tiles are decoded by the Python reference decoder.
    @Test(.process) func vectorTilesHoldTheItemsOfSuperclustersGetTile() async throws {
        try await InProcessServer.with(config: CitiesDataset.config()) { server throws in
            // The world (wrapped items on both sides), Europe at zoom 3, the Alps at zoom 6.
            for (z, x, y) in [(0, 0, 0), (3, 4, 2), (6, 33, 22)] {
                let response = try await server.request("/clusters/cities/\(z)/\(x)/\(y).mvt")
                #expect(response.status == 200, "\(z)/\(x)/\(y): \(response.text)")
                #expect(response.header("Content-Type") == "application/vnd.mapbox-vector-tile")
                #expect(response.header("ETag") != nil)
                let layers = try MVTReference.decode(response.body)
                try #require(layers.count == 1)
                let layer = layers[0]
                #expect(layer.name == "clusters" && layer.extent == 4096 && layer.version == 2)

                let world = try GeoFeature.collection(try await server.request("/clusters/cities?zoom=\(z)").body)
                let expected = Self.tileItems(world, z: z, x: x, y: y)
                var unmatched = expected
                for feature in layer.features {
                    let id = try #require(feature.id.flatMap { Int($0) }, "\(z)/\(x)/\(y): a feature without an id: \(feature)")
                    let match = unmatched.firstIndex { item in
                        item.feature.id == id && abs(item.x * 4096 - Double(feature.x)) <= 1.01 && abs(item.y * 4096 - Double(feature.y)) <= 1.01
                    }
                    guard let match else {
                        Issue.record("\(z)/\(x)/\(y): feature \(id) at (\(feature.x), \(feature.y)) is not an item of the tile")
                        continue
                    }
                    Self.expectSameProperties(feature, unmatched[match].feature, tile: "\(z)/\(x)/\(y)")
                    unmatched.remove(at: match)
                }
                // Items right on the buffer's edge may fall either way; every other one is in the tile.
                let missing = unmatched.filter { !$0.onEdge }
                #expect(missing.isEmpty, "\(z)/\(x)/\(y): \(missing.count) items missing, like \(missing.first.map { "\($0.feature)" } ?? "")")
                #expect(layer.features.count >= expected.filter { !$0.onEdge }.count)
                #expect(layer.features.count > (z == 0 ? 30 : 50), "\(z)/\(x)/\(y): only \(layer.features.count) features")

                // The JSON API over the tile's own bbox: every item is in the tile.
                let inside = try GeoFeature.collection(try await server.request("/clusters/cities?zoom=\(z)&bbox=\(Self.bbox(z: z, x: x, y: y))").body)
                let ids = Set(layer.features.compactMap { $0.id.flatMap { Int($0) } })
                #expect(!inside.isEmpty && inside.allSatisfy { ids.contains($0.id ?? -1) }, "\(z)/\(x)/\(y)")
            }
            let again = try await server.request("/clusters/cities/3/4/2.mvt")
            #expect(again.header("Cache-Status")?.contains("hit") == true)
        }
    }

    @Test func overlayTilesShowBadgesMarkersAndNothingElse() async throws {
        try await InProcessServer.with(config: CitiesDataset.config()) { server throws in
            let z = 5
            let (cluster, empty, tileX, tileY) = try await Self.isolatedItem(on: server, z: z, cluster: true)
            let path = "/clusters/cities/\(z)/\(tileX)/\(tileY)"

            let png = try await server.request(path + ".png")
            #expect(png.status == 200, "\(png.text)")
            #expect(png.header("Content-Type") == "image/png")
            #expect(png.header("Cache-Control") == "public, max-age=60")
            #expect(png.header("Cache-Status")?.contains("miss") == true)
            let image = try ImageDecoder.decode(png.body)
            #expect(image.width == 256 && image.height == 256)
            // Written with the overlay tiles' encoder (PNG rows unfiltered), which gives these bytes back.
            #expect(Array(png.body) == (try ImageEncoder.overlay(for: .png).encode(image)))
            let scales: [(Surface, Double, String)] = [
                (image, 1, ".png"),
                (try ImageDecoder.decode(try await server.request(path + "@2x.png").body), 2, "@2x.png"),
            ]
            for (surface, scale, name) in scales {
                #expect(surface.width == Int(256 * scale) && surface.height == Int(256 * scale), "\(name)")
                let (cx, cy) = cluster.pixel(tileX: tileX, tileY: tileY, scale: scale)
                for dy in -1...1 {
                    for dx in -1...1 {
                        #expect(surface.pixel(x: cx + dx, y: cy + dy).a == 255, "\(name): the badge of \(cluster.feature) at (\(cx), \(cy))")
                    }
                }
                for spot in empty {
                    let x = Int(spot.x * scale), y = Int(spot.y * scale)
                    #expect(surface.pixel(x: x, y: y).a == 0, "\(name): (\(x), \(y)) is far from every item but not transparent")
                }
            }

            // The same overlay as WebP.
            let webp = try await server.request(path + ".webp")
            #expect(webp.status == 200 && webp.header("Content-Type") == "image/webp")
            let decoded = try ImageDecoder.decode(webp.body)
            #expect(decoded.width == 256 && decoded.height == 256)
            let (cx, cy) = cluster.pixel(tileX: tileX, tileY: tileY, scale: 1)
            #expect(decoded.pixel(x: cx, y: cy).a >= 250)
            for spot in empty { #expect(decoded.pixel(x: Int(spot.x), y: Int(spot.y)).a <= 3) }
            #expect(Self.meanAlphaDifference(decoded, image) < 4)

            // A second request is served from the cache.
            let again = try await server.request(path + ".png")
            #expect(again.header("Cache-Status")?.contains("hit") == true, "\(again.header("Cache-Status") ?? "no Cache-Status")")
            #expect(again.body == png.body && again.header("ETag") == png.header("ETag"))
        }
    }

    @Test func aLonePointIsDrawnAsTheDatasetsMarker() async throws {
        try await InProcessServer.with(config: CitiesDataset.config()) { server throws in
            let z = 6
            let (point, _, tileX, tileY) = try await Self.isolatedItem(on: server, z: z, cluster: false)
            for (scale, suffix) in [(1.0, ".png"), (2.0, "@2x.png")] {
                let image = try ImageDecoder.decode(try await server.request("/clusters/cities/\(z)/\(tileX)/\(tileY)\(suffix)").body)
                let (cx, cy) = point.pixel(tileX: tileX, tileY: tileY, scale: scale)
                let centre = image.pixel(x: cx, y: cy)
                let fill = CitiesDataset.markerFill
                #expect(centre.a == 255 && abs(Int(centre.r) - Int(fill.r)) <= 12 && abs(Int(centre.g) - Int(fill.g)) <= 12
                    && abs(Int(centre.b) - Int(fill.b)) <= 12, "\(suffix): \(centre) at the point \(point.feature)")
                // The marker is 6 pt in radius: nothing 8 pt away.
                let far = Int(8 * scale)
                for (dx, dy) in [(far, 0), (-far, 0), (0, far), (0, -far)] {
                    #expect(image.pixel(x: cx + dx, y: cy + dy).a == 0, "\(suffix): (\(cx + dx), \(cy + dy)) beyond the marker")
                }
            }
        }
    }

    @Test func aBadgeAcrossATileEdgeShowsOnBothTiles() async throws {
        try await InProcessServer.with(config: CitiesDataset.config()) { server throws in
            var found: (item: TileItem, z: Int)?
            for z in 4...8 where found == nil {
                let items = try Self.items(try GeoFeature.collection(try await server.request("/clusters/cities?zoom=\(z)").body), z: z)
                let grid = ItemGrid(items)
                let size = Double(256 << z)
                found = items.first { item in
                    let offset = item.gx.truncatingRemainder(dividingBy: 256), row = item.gy.truncatingRemainder(dividingBy: 256)
                    return item.feature.isCluster && ((246...253).contains(offset) || (3...10).contains(offset)) && (40...216).contains(row)
                        && item.gx > 256 && item.gx < size - 256 && Self.isIsolated(item, in: grid, by: 80)
                }.map { (item: $0, z: z) }
            }
            let (cluster, z) = try #require(found, "no isolated cluster near a tile edge at zooms 4…8")
            let seam = Int((cluster.gx / 256).rounded()) * 256, tileY = Int(cluster.gy / 256)
            let left = try ImageDecoder.decode(try await server.request("/clusters/cities/\(z)/\(seam / 256 - 1)/\(tileY).png").body)
            let right = try ImageDecoder.decode(try await server.request("/clusters/cities/\(z)/\(seam / 256)/\(tileY).png").body)
            // Global pixel columns of the two tiles side by side.
            func alpha(_ column: Int, _ row: Int) -> UInt8 {
                column < seam ? left.pixel(x: column - (seam - 256), y: row).a : right.pixel(x: column - seam, y: row).a
            }
            let centreX = Int((cluster.gx + 0.5).rounded(.down)), row = Int((cluster.gy + 0.5).rounded(.down)) - 256 * tileY
            #expect(alpha(seam - 1, row) > 0 && alpha(seam, row) > 0, "zoom \(z): the badge of \(cluster.feature) is not on both sides of x = \(seam)")
            var toLeft = 0, toRight = 0
            while toLeft < 100, alpha(centreX - toLeft - 1, row) > 0 { toLeft += 1 }
            while toRight < 100, alpha(centreX + toRight + 1, row) > 0 { toRight += 1 }
            #expect(toLeft >= 10 && toRight >= 10, "zoom \(z): badge reaches \(toLeft) px left, \(toRight) px right of \(centreX)")
            #expect(abs(toLeft - toRight) <= 2, "zoom \(z): the badge is cut at the seam: \(toLeft) px left, \(toRight) px right")
            // The columns either side of the seam cross the badge over the same height.
            func height(_ surface: Surface, column: Int) -> Int {
                (0..<256).filter { abs($0 - row) < 60 && surface.pixel(x: column, y: $0).a > 0 }.count
            }
            let leftHeight = height(left, column: 255), rightHeight = height(right, column: 0)
            #expect(leftHeight > 5 && abs(leftHeight - rightHeight) <= 2, "zoom \(z): \(leftHeight) px tall left of the seam, \(rightHeight) px right")
        }
    }

    // MARK: - Geometry

    /// A feature of the JSON API with its position in global pixels of its zoom at @1x.
    struct TileItem {
        var feature: GeoFeature
        var gx: Double, gy: Double

        /// The pixel it is drawn at on tile (`tileX`, `tileY`) at `scale`.
        func pixel(tileX: Int, tileY: Int, scale: Double) -> (Int, Int) {
            (Int((gx * scale + 0.5).rounded(.down)) - Int(256 * scale) * tileX,
             Int((gy * scale + 0.5).rounded(.down)) - Int(256 * scale) * tileY)
        }
    }

    static func items(_ features: [GeoFeature], z: Int) throws -> [TileItem] {
        let size = Double(256 << z)
        return features.map { TileItem(feature: $0, gx: Mercator.x($0.lon) * size, gy: Mercator.y($0.lat) * size) }
    }

    static func isIsolated(_ item: TileItem, in items: ItemGrid, by distance: Double) -> Bool {
        !items.near(item.gx, item.gy, within: distance).contains { other in other.gx != item.gx || other.gy != item.gy }
    }

    /// A cluster (or a lone point) of the server's cities at zoom `z` with room around it, the
    /// empty spots beside it, and the tile it is on.
    static func isolatedItem(on server: InProcessServer, z: Int, cluster: Bool) async throws
        -> (item: TileItem, empty: [(x: Double, y: Double)], tileX: Int, tileY: Int) {
        let items = try Self.items(try GeoFeature.collection(try await server.request("/clusters/cities?zoom=\(z)").body), z: z)
        let (item, empty) = try #require(Self.isolatedItemWithEmptySpots(items, cluster: cluster),
                                         "no isolated \(cluster ? "cluster" : "point") at zoom \(z)")
        return (item, empty, Int(item.gx / 256), Int(item.gy / 256))
    }

    /// An item (a cluster or a point) with nothing else within 70 px, at least 30 px inside its tile,
    /// and spots of that tile (tile pixels at @1x) 70 px or more from every item; nil when none.
    static func isolatedItemWithEmptySpots(_ items: [TileItem], cluster: Bool) -> (TileItem, [(x: Double, y: Double)])? {
        let grid = ItemGrid(items)
        for item in items where item.feature.isCluster == cluster {
            let tileX = (item.gx / 256).rounded(.down), tileY = (item.gy / 256).rounded(.down)
            let inX = item.gx - 256 * tileX, inY = item.gy - 256 * tileY
            guard (30...226).contains(inX), (30...226).contains(inY), isIsolated(item, in: grid, by: 70) else { continue }
            var spots: [(x: Double, y: Double)] = []
            for y in stride(from: 4.0, to: 256, by: 12) {
                for x in stride(from: 4.0, to: 256, by: 12) where grid.near(256 * tileX + x, 256 * tileY + y, within: 70).isEmpty {
                    spots.append((x, y))
                }
            }
            if !spots.isEmpty { return (item, spots) }
        }
        return nil
    }

    /// Items in square cells of 100 px, to find neighbours fast.
    struct ItemGrid {
        private var cells: [SIMD2<Int>: [TileItem]] = [:]
        private static let side = 100.0

        init(_ items: [TileItem]) {
            for item in items { cells[Self.cell(item.gx, item.gy), default: []].append(item) }
        }

        private static func cell(_ x: Double, _ y: Double) -> SIMD2<Int> {
            SIMD2(Int((x / side).rounded(.down)), Int((y / side).rounded(.down)))
        }

        /// The items closer than `distance` (at most 100 px) to (`x`, `y`).
        func near(_ x: Double, _ y: Double, within distance: Double) -> [TileItem] {
            let centre = Self.cell(x, y)
            var found: [TileItem] = []
            for dy in -1...1 {
                for dx in -1...1 {
                    for item in cells[centre &+ SIMD2(dx, dy)] ?? [] where hypot(item.gx - x, item.gy - y) < distance {
                        found.append(item)
                    }
                }
            }
            return found
        }
    }

    /// The items of tile z/x/y as supercluster's `getTile` finds them: those within `buffer` of the
    /// tile, and at x = 0 (x = 2^z − 1) those near the east (west) edge of the world again, shifted
    /// a world's width; positions in tile widths from the tile's top-left corner.
    static func tileItems(_ features: [GeoFeature], z: Int, x: Int, y: Int) -> [(feature: GeoFeature, x: Double, y: Double, onEdge: Bool)] {
        let n = Double(1 << z), range = -buffer...(1 + buffer)
        var shifts = [Double(x)]
        if x == 0 { shifts.append(n) }
        if x == (1 << z) - 1 { shifts.append(-1) }
        var found: [(feature: GeoFeature, x: Double, y: Double, onEdge: Bool)] = []
        let margin = 1e-4  // tile widths: less than half a unit of the 4096 extent
        let loose = (range.lowerBound - margin)...(range.upperBound + margin)
        let strict = (range.lowerBound + margin)...(range.upperBound - margin)
        for feature in features {
            let worldX = Mercator.x(feature.lon) * n, v = Mercator.y(feature.lat) * n - Double(y)
            for shift in shifts {
                let u = worldX - shift
                guard loose.contains(u), loose.contains(v) else { continue }
                found.append((feature, u, v, !(strict.contains(u) && strict.contains(v))))
            }
        }
        return found
    }

    /// `W,S,E,N` of tile z/x/y.
    static func bbox(z: Int, x: Int, y: Int) -> String {
        let n = Double(1 << z)
        func lat(_ row: Int) -> Double { atan(sinh(.pi * (1 - 2 * Double(row) / n))) * 180 / .pi }
        return "\(Double(x) / n * 360 - 180),\(lat(y + 1)),\(Double(x + 1) / n * 360 - 180),\(lat(y))"
    }

    static func expectSameProperties(_ decoded: MVTReference.Feature, _ feature: GeoFeature, tile: String) {
        #expect(Set(decoded.properties.map(\.key)) == Set(feature.properties.keys), "\(tile): feature \(feature.id ?? -1)")
        for (key, value) in decoded.properties {
            if key == "cluster" {
                #expect(value == .bool(true), "\(tile): feature \(feature.id ?? -1) cluster=\(value)")
                continue
            }
            let json = feature.properties[key]
            let text = (json as? String) ?? (json as? Int).map(String.init) ?? "\(json ?? "nil")"
            #expect(value.text == text, "\(tile): feature \(feature.id ?? -1) \(key): \(value.text) in the tile, \(text) in the JSON")
        }
    }

    /// The mean difference of two images' alpha, every 2 pixels.
    static func meanAlphaDifference(_ a: Surface, _ b: Surface) -> Double {
        var total = 0, count = 0
        for y in stride(from: 0, to: a.height, by: 2) {
            for x in stride(from: 0, to: a.width, by: 2) {
                total += abs(Int(a.pixel(x: x, y: y).a) - Int(b.pixel(x: x, y: y).a))
                count += 1
            }
        }
        return Double(total) / Double(count)
    }
}

/// Web Mercator as supercluster projects: longitude and latitude to 0…1 of the world.
enum Mercator {
    static func x(_ lon: Double) -> Double { lon / 360 + 0.5 }

    static func y(_ lat: Double) -> Double {
        let s = sin(lat * .pi / 180)
        let y = 0.5 - 0.25 * log((1 + s) / (1 - s)) / .pi
        return min(max(y, 0), 1)
    }
}

/// Decodes tiles with the Python package mapbox-vector-tile through `Tests/Support/mvt_decode.py`
/// (in the test venv `scripts/test-venv.sh` makes), independently of Cairn's encoder.
enum MVTReference {
    struct Layer {
        var name: String
        var version: Int
        var extent: Int
        var features: [Feature]
    }

    struct Feature: CustomStringConvertible {
        var id: String?
        var x: Int64, y: Int64
        var properties: [(key: String, value: Value)]
        var description: String { "\(id ?? "-") at (\(x), \(y)) \(properties)" }
    }

    enum Value: Equatable {
        case string(String), int(String), float(Double), bool(Bool)

        var text: String {
            switch self {
            case .string(let text), .int(let text): text
            case .float(let value): "\(value)"
            case .bool(let value): "\(value)"
            }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func decode(_ tile: [UInt8]) throws -> [Layer] {
        let data = try PythonReference.run("mvt_decode.py", on: tile, fileName: "tile.mvt")
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any], let layers = root["layers"] as? [[String: Any]] else {
            throw Failure(description: "mvt_decode.py printed no layers")
        }
        return try layers.map { layer in
            let features = try (layer["features"] as? [[String: Any]] ?? []).map { feature -> Feature in
                guard let points = feature["coordinates"] as? [[Int64]], points.count == 1, points[0].count == 2,
                      let properties = feature["properties"] as? [[Any]] else {
                    throw Failure(description: "not a single point: \(feature)")
                }
                return Feature(id: feature["id"] as? String, x: points[0][0], y: points[0][1],
                               properties: try properties.map { try property($0) })
            }
            return Layer(name: layer["name"] as? String ?? "", version: layer["version"] as? Int ?? -1,
                         extent: layer["extent"] as? Int ?? -1, features: features)
        }
    }

    private static func property(_ entry: [Any]) throws -> (key: String, value: Value) {
        guard entry.count == 3, let key = entry[0] as? String, let type = entry[1] as? String else {
            throw Failure(description: "bad property \(entry)")
        }
        switch type {
        case "str": if let text = entry[2] as? String { return (key, .string(text)) }
        case "int": if let text = entry[2] as? String { return (key, .int(text)) }
        case "float": if let value = entry[2] as? Double { return (key, .float(value)) }
        case "bool": if let value = entry[2] as? Bool { return (key, .bool(value)) }
        default: break
        }
        throw Failure(description: "bad property \(entry)")
    }
}
