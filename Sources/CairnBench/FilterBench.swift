import Clusters
import Foundation
import SeededRandom

/// The "Filtered clusters" section: 1,000,000 points with 5 properties, a query filter matching
/// 10 % of them. Its first answer (the properties' columns read, the matching points picked, their
/// index built, one vector tile), its index against the whole dataset's, and later tiles against
/// the unfiltered index's.
struct FilterBench {
    /// How much slower this machine is than the one the targets were set on.
    let machineFactor: Double

    static let kinds = ["bakery", "bar", "cafe", "pharmacy", "restaurant", "school", "shop", "bank", "hotel", "museum"]

    func run() {
        Report.header("Filtered clusters: 1M points with 5 properties, a filter matching 10 %, one core")
        var random = SplitMix64(seed: 21)
        var points = PointSet()
        points.reserve(1_000_000, propertyBytesPerPoint: 90)
        for point in 0..<1_000_000 {
            let kind = Self.kinds[Int(random.next() % 10)]
            let properties = "{\"name\":\"place \(point)\",\"kind\":\"\(kind)\",\"population\":\(random.next() % 1_000_000),"
                + "\"open\":\(random.next() % 2 == 0),\"rating\":\(Double(random.next() % 50) / 10)}"
            points.append(longitude: random.uniform(-180, 180), latitude: random.uniform(-85, 85), id: String(point), properties: properties)
        }
        let filter = try! PointFilter(parsing: "kind = 'cafe' AND population >= 0")
        let other = try! PointFilter(parsing: "kind IN ('bar') AND population < 1000000")

        var fullSamples: [Double] = []
        var full: ClusterIndex?
        for _ in 0..<2 {
            full = nil
            let start = DispatchTime.now().uptimeNanoseconds
            full = try! ClusterIndex(points: points)
            fullSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        guard let full else { return }
        let fullIndex = Measurement(name: "index of all 1M points", samples: fullSamples)
        Report.row(fullIndex, baseline: nil, target: "")

        let columns = Measurement.run("read the kind and population columns of 1M points", iterations: 3, warmup: 1) {
            consume(points.propertyColumns(["kind", "population"]))
        }
        Report.row(columns, baseline: nil, target: "")
        var filtered: ClusterIndex?
        let first = Measurement.run("first tile of a new filter: read 2 columns + pick + index + .mvt", iterations: 3, warmup: 1) {
            let index = try! ClusterIndex.build(points: points, filter: filter)
            consume(index.vectorTile(z: 5, x: 16, y: 10))
            filtered = index
        }
        Report.row(first, baseline: nil, target: String(format: "≤ 300 ms (%.0f here)", 300 * machineFactor))
        Report.note("\(filtered?.pointCount ?? 0) points match \(filter.normalized)")
        _ = try! full.filtered(by: other)  // reads the columns of kind and population once
        let warm = Measurement.run("index of a filter whose columns were read before", iterations: 3, warmup: 0) {
            consume(try! full.filtered(by: other))
        }
        Report.row(warm, baseline: fullIndex, target: "≤ 1/5 of the whole index")
        guard let filtered else { return }
        for (name, index) in [("tiles of the filter", filtered), ("tiles of the whole dataset", full)] {
            var tile = 0
            let tiles = Measurement.run(".mvt at zoom 8 (\(name))", iterations: 2000, warmup: 100) {
                tile = (tile + 1) % 64
                consume(index.vectorTile(z: 8, x: 100 + tile % 8, y: 90 + tile / 8))
            }
            Report.row(tiles, baseline: nil, target: "", unit: "ms")
        }
    }
}
