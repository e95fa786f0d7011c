import Clusters
#if canImport(Glibc)
import Glibc
#endif

/// The points targets' shared check: what a reader keeps are coordinates in range, with ids and
/// properties that are JSON, and a cluster index over them accounts for every point at every zoom;
/// GeoJSON and ndjson read the same with their features' layout learned and without.
enum FuzzPoints {
    static func read(_ bytes: [UInt8], format: PointFormat) throws {
        if format == .geojson || format == .ndjson { compareWithoutLayout(bytes, format: format) }
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

    /// The features read by their learned layout must be what reading every one in full gives
    /// (`CAIRN_POINTS_LAYOUT=0`; a fuzz target runs on one thread, so the variable is safe to set).
    private static func compareWithoutLayout(_ bytes: [UInt8], format: PointFormat) {
        func outcome() -> String {
            do {
                let result = try PointReader.read(bytes: bytes, source: "fuzz", options: PointReadOptions(format: format))
                let points = result.points
                let rows = (0..<points.count).map { row in
                    "\(points.longitudes[row].bitPattern) \(points.latitudes[row].bitPattern) \(points.ids[row] ?? "-") \(points.properties[row] ?? "-")"
                }
                return (rows + result.invalid.map(\.description)).joined(separator: "\n")
            } catch {
                return "error: \(error)"
            }
        }
        let learned = outcome()
        setenv("CAIRN_POINTS_LAYOUT", "0", 1)
        defer { unsetenv("CAIRN_POINTS_LAYOUT") }
        let unlearned = outcome()
        fuzzCheck(learned == unlearned, "read by the layout:\n\(learned)\nread in full:\n\(unlearned)")
    }
}
