import Clusters

/// The points targets' shared check: what a reader keeps are coordinates in range, with ids and
/// properties that are JSON, and a cluster index over them accounts for every point at every zoom.
enum FuzzPoints {
    static func read(_ bytes: [UInt8], format: PointFormat) throws {
        let points = try PointReader.read(bytes: bytes, source: "fuzz", options: PointReadOptions(format: format)).points
        for row in 0..<points.count {
            fuzzCheck(abs(points.longitudes[row]) <= 180 && abs(points.latitudes[row]) <= 90,
                      "point \(row) at \(points.longitudes[row]),\(points.latitudes[row])")
            for column in [points.ids, points.properties] {
                if let text = column.bytes(of: row) { fuzzCheck((try? JSONValue(parsing: text)) != nil, "point \(row) keeps bad JSON") }
            }
        }
        let index = try ClusterIndex(points: points, options: ClusterOptions(maxZoom: 4))
        for zoom in 0...5 {
            let total = index.clusters(in: .world, zoom: Double(zoom)).reduce(0) { $0 + index.pointCount(of: $1) }
            fuzzCheck(total == points.count, "zoom \(zoom) accounts for \(total) of \(points.count) points")
        }
    }
}
