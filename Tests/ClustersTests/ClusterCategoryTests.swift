import Testing
@testable import Clusters

/// Categories: every cluster counts its points per category, the counts sum to its point count and
/// equal a count of its leaves; GeoJSON and vector tiles carry them.
@Suite struct ClusterCategoryTests {
    static let kinds = ["restaurant", "cafe", "bar", "bakery", "kiosk"]

    static func shops(seed: UInt64, count: Int) -> PointSet {
        var random = SeededGenerator(seed: seed)
        var points = PointSet()
        for i in 0..<count {
            let kind = Int.random(in: 0..<12, using: &random)
            let property = kind < kinds.count * 2 ? "\"kind\":\"\(kinds[kind % kinds.count])\"," : (kind == 11 ? "\"kind\":7," : "")
            points.append(longitude: Double.random(in: -20...40, using: &random), latitude: Double.random(in: 30...60, using: &random),
                          id: "\(i)", properties: "{\(property)\"n\":\(i)}")
        }
        return points
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func countsSumToThePointCountAndEqualTheLeavesCategories(seed: UInt64) throws {
        let points = Self.shops(seed: seed, count: 800)
        let spec = CategorySpec(property: "kind", values: ["restaurant", "cafe", "bar"])
        let index = try ClusterIndex(points: points, options: ClusterOptions(radius: 60, maxZoom: 10), categories: spec)
        let table = try #require(index.categories)
        #expect(table.names == ["restaurant", "cafe", "bar", "other"])
        let pointCategory = (0..<points.count).map { row -> Int in
            let text = points.properties[row] ?? ""
            return ["restaurant", "cafe", "bar"].firstIndex { text.contains("\"kind\":\"\($0)\"") } ?? 3
        }
        var clusters = 0
        for zoom in index.zooms {
            for item in index.worldItems(zoom) {
                let counts = index.categoryCounts(of: item)
                #expect(counts.reduce(0, +) == index.pointCount(of: item))
                var expected = [0, 0, 0, 0]
                for row in index.pointIndices(of: item) { expected[pointCategory[row]] += 1 }
                #expect(counts == expected, "seed \(seed) zoom \(zoom)")
                let largest = try #require(index.category(of: item))
                #expect(counts[largest] == counts.max())
                #expect(counts.firstIndex(of: counts.max()!) == largest)
                if index.isCluster(item) { clusters += 1 }
            }
        }
        #expect(clusters > 100)
    }

    @Test func withoutValuesTheTenMostFrequentAreTakenByCountThenName() throws {
        var points = PointSet()
        let counts = ["a": 3, "b": 5, "c": 3, "d": 1, "e": 9, "f": 2, "g": 2, "h": 2, "i": 4, "j": 6, "k": 7, "l": 1]
        for (value, n) in counts.sorted(by: { $0.key < $1.key }) {
            for _ in 0..<n { points.append(longitude: 0, latitude: 0, id: nil, properties: "{\"v\":\"\(value)\"}") }
        }
        points.append(longitude: 0, latitude: 0, id: nil, properties: #"{"v":"other"}"#)
        let index = try ClusterIndex(points: points, categories: CategorySpec(property: "v"))
        #expect(index.categories?.names == ["e", "k", "j", "b", "i", "a", "c", "f", "g", "h", "other"])
        let cluster = try #require(index.worldItems(0).first)
        #expect(index.categoryCounts(of: cluster) == [9, 7, 6, 5, 4, 3, 3, 2, 2, 2, 3])
    }

    @Test func geoJSONCarriesTheBreakdownWithoutZerosAndTheLargest() throws {
        let properties = [#"{"kind":"cafe"}"#, #"{"kind":"bar"}"#, #"{"kind":"cafe","category":"mine"}"#, nil, #"{"kind":"bar"}"#]
        let points = PointSet([(5, 5), (5, 5), (5, 5), (5, 5), (60, 5)]) { properties[$0] }
        let index = try ClusterIndex(points: points, categories: CategorySpec(property: "kind", values: ["restaurant", "cafe", "bar"]))
        let items = index.worldItems(0)
        let cluster = try #require(items.first(where: index.isCluster))
        let text = String(decoding: index.featureCollection([cluster]), as: UTF8.self)
        #expect(text.contains(#""properties":{"categories":{"cafe":2,"bar":1,"other":1},"category":"cafe","cluster":true,"#))
        let point = try #require(items.first { !index.isCluster($0) })
        let pointText = String(decoding: index.featureCollection([point]), as: UTF8.self)
        #expect(pointText.contains(#""properties":{"category":"bar","kind":"bar"}"#))
        // A point's own `category` member gives way to its category; its other members stay as written.
        let leaves = String(decoding: index.featureCollection(try index.leaves(of: try #require(index.clusterID(of: cluster)), limit: 10)), as: UTF8.self)
        #expect(leaves.contains(#""properties":{"category":"cafe","kind":"cafe"}"#))
        #expect(leaves.contains(#""properties":{"category":"other"}"#))
        #expect(!leaves.contains("mine"))
    }

    @Test func vectorTilesCarryOneCountPerCategoryAndTheLargest() throws {
        let properties = [#"{"kind":"cafe"}"#, #"{"kind":"bar"}"#, #"{"kind":"cafe"}"#]
        let points = PointSet([(5, 5), (5, 5), (5, 5)]) { properties[$0] }
        let index = try ClusterIndex(points: points, categories: CategorySpec(property: "kind", values: ["cafe", "bar"]))
        let cluster = try #require(index.worldItems(0).first)
        let members = index.properties(of: cluster)
        #expect(members.map(\.key) == ["count_cafe", "count_bar", "count_other", "category", "cluster", "cluster_id", "point_count", "point_count_abbreviated"])
        #expect(members.prefix(4).map(\.value) == [.number(2), .number(1), .number(0), .string("cafe")])
    }

    @Test func categoriesAndFiltersWorkTogether() throws {
        let points = Self.shops(seed: 9, count: 400)
        let spec = CategorySpec(property: "kind")
        let index = try ClusterIndex(points: points, options: ClusterOptions(radius: 60), categories: spec)
        let filter = try PointFilter(parsing: "n < 200 AND kind <> 'cafe'")
        let filtered = try index.filtered(by: filter)
        #expect(filtered.categories == index.categories)
        let built = try ClusterIndex.build(points: points, options: ClusterOptions(radius: 60), categories: spec, filter: filter)
        try FilteredIndexEquivalenceTests.expectSame(filtered, built, context: "filter with categories")
        for zoom in filtered.zooms {
            for item in filtered.worldItems(zoom) {
                #expect(filtered.categoryCounts(of: item).reduce(0, +) == filtered.pointCount(of: item))
                #expect(filtered.categoryCounts(of: item)[try #require(filtered.categories?.names.firstIndex(of: "cafe"))] == 0)
            }
        }
    }

    @Test func specsParseAndCheck() throws {
        #expect(try CategorySpec(parsing: "kind") == CategorySpec(property: "kind"))
        #expect(try CategorySpec(parsing: "kind=a,b") == CategorySpec(property: "kind", values: ["a", "b"]))
        #expect(throws: CategorySpecError.self) { try CategorySpec(parsing: "kind=a,,b") }
        #expect(throws: CategorySpecError.self) { try CategorySpec(parsing: "kind=a,a") }
        #expect(throws: CategorySpecError.self) { try CategorySpec(parsing: "=a") }
    }
}
