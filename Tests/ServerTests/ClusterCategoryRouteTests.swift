import Codecs
import Foundation
import Testing
import TestSupport
import TestTier

/// A served dataset with categories (the cities by country): GeoJSON clusters carry their
/// breakdown, vector tiles decoded by mapbox-vector-tile one `count_NAME` per category and
/// `category`, overlay tiles draw donuts, all of it together with `?filter=`.
@Suite(.process) struct ClusterCategoryRouteTests {
    static let config = CitiesDataset.config(extra: """
            categories: {property: country, values: [DE, FR, IT], colors: {DE: "#ff0000", FR: "#00ff00", IT: "#0000ff"}, other: "#000000"}
        """)

    @Test func clustersCarryTheirBreakdownInGeoJSONAndVectorTiles() throws {
        let server = try ServerProcess(config: Self.config)
        defer { server.kill() }
        let features = try GeoFeature.collection(try server.request("/clusters/cities?zoom=4&bbox=-10,35,30,60").body)
        let clusters = features.filter(\.isCluster)
        #expect(clusters.count > 20)
        for cluster in clusters {
            let categories = try #require(cluster.properties["categories"] as? [String: Int])
            #expect(categories.values.reduce(0, +) == cluster.pointCount)
            #expect(Set(categories.keys).isSubset(of: ["DE", "FR", "IT", "other"]) && !categories.values.contains(0))
        }
        #expect(features.filter { !$0.isCluster }.allSatisfy { ($0.properties["category"] as? String).map { ["DE", "FR", "IT", "other"].contains($0) } == true })
        // The CLI says the same.
        let cli = try ClusterCLI.run(["clusters", CitiesDataset.file, "--zoom", "4", "--bbox", "-10,35,30,60", "--categories", "country=DE,FR,IT"]
            + CitiesDataset.cliOptions)
        #expect(try server.request("/clusters/cities?zoom=4&bbox=-10,35,30,60").body + [0x0A] == cli.stdout)

        let tile = try server.request("/clusters/cities/4/8/5.mvt")
        let layer = try #require(try MVTReference.decode(tile.body).first)
        var checked = 0
        for feature in layer.features {
            let properties = Dictionary(feature.properties.map { ($0.key, $0.value.text) }, uniquingKeysWith: { $1 })
            guard properties["cluster"] == "true" else {
                #expect(properties["category"] != nil)
                continue
            }
            let counts = ["DE", "FR", "IT", "other"].map { Int(properties["count_\($0)"] ?? "") ?? -1 }
            #expect(counts.allSatisfy { $0 >= 0 } && counts.reduce(0, +) == Int(properties["point_count"] ?? ""))
            let largest = counts.firstIndex(of: counts.max()!)!
            #expect(properties["category"] == ["DE", "FR", "IT", "other"][largest])
            checked += 1
        }
        #expect(checked > 5)
    }

    @Test func overlayTilesDrawDonutsAndFiltersNarrowTheirParts() throws {
        let server = try ServerProcess(config: Self.config)
        defer { server.kill() }
        // Germany at zoom 6: clusters of German cities are red rings.
        let filter = "country%20%3D%20%27DE%27"
        let features = try GeoFeature.collection(try server.request("/clusters/cities?zoom=6&bbox=5,47,15,55&filter=\(filter)").body)
        let cluster = try #require(features.filter(\.isCluster).max { $0.pointCount < $1.pointCount })
        #expect(cluster.properties["categories"] as? [String: Int] == ["DE": cluster.pointCount])
        let (lon, lat) = (cluster.lon, cluster.lat)
        let world = 256.0 * 64
        let px = (lon + 180) / 360 * world
        let s = sin(lat * .pi / 180)
        let py = (0.5 - 0.25 * log((1 + s) / (1 - s)) / .pi) * world
        let (tx, ty) = (Int(px / 256), Int(py / 256))
        let image = try ImageDecoder.decode(try server.request("/clusters/cities/6/\(tx)/\(ty).png?filter=\(filter)").body)
        // Somewhere on the ring above the centre (12 o'clock), the donut's red.
        let (cx, cy) = (Int(px) - tx * 256, Int(py) - ty * 256)
        let ring = (8..<26).compactMap { dy -> (Int, Int)? in
            let y = cy - dy
            guard y >= 0, y < 256, cx >= 0, cx < 256 else { return nil }
            let p = image.pixel(x: cx, y: y)
            return p.a > 240 && p.r > 230 && p.g < 30 && p.b < 30 ? (cx, y) : nil
        }
        #expect(!ring.isEmpty, "no red ring above the cluster of \(cluster.pointCount) at \(cx),\(cy)")
    }
}
