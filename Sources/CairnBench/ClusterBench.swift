import Clusters
import Foundation
import SeededRandom

/// The "Clusters" section: supercluster's index built over 100,000 and 1,000,000 uniformly random
/// points (max zoom 16), the process's memory peak after the 1,000,000-point build, and a map
/// viewport's bbox query over clumped points with the GeoJSON it is answered with. supercluster
/// itself is JavaScript, so the index rows have no baseline in this run: they print the issue's
/// targets, scaled by the machine factor; the GeoJSON row's baseline is Foundation's
/// JSONSerialization writing the same features.
///
/// It runs before the renderer-chain section, whose decoded tiles would otherwise be in the memory peak.
struct ClusterBench {
    /// How much slower this machine is than the one the targets were set on.
    let machineFactor: Double

    func run() {
        Report.header("Clusters: supercluster's index (max zoom 16) and its queries, one core")
        let residentBefore = Memory.residentMegabytes
        let peakBefore = Memory.peakMegabytes
        build(100_000, runs: 5)
        build(1_000_000, runs: 3)
        Report.note(String(format: "peak RSS of this process after the 1M builds (getrusage): %.1f MB (target ≤ 150 MB); "
                               + "before this section %.1f MB resident, %.1f MB peak", Memory.peakMegabytes, residentBefore, peakBefore))
        queries()
    }

    /// Builds the index over `count` uniform points `runs` times (after one untimed build).
    private func build(_ count: Int, runs: Int) {
        var random = SplitMix64(seed: 16)
        var points = PointSet()
        points.reserve(count)
        for _ in 0..<count {
            points.append(longitude: random.uniform(-180, 180), latitude: random.uniform(-85, 85))
        }
        var last: ClusterIndex?
        var samples: [Double] = []
        for run in 0...runs {
            last = nil  // the previous index goes before the next is built, as a server's reload would not
            let start = DispatchTime.now().uptimeNanoseconds
            let index = try! ClusterIndex(points: points)
            let end = DispatchTime.now().uptimeNanoseconds
            if run > 0 { samples.append(Double(end - start) / 1e6) }
            last = index
        }
        guard let index = last else { return }
        let name = count == 1_000_000 ? "index 1M uniform points" : "index 100k uniform points"
        let target = count == 1_000_000 ? String(format: "≤ 1500 ms (%.0f here), ≤ 150 MB", 1500 * machineFactor) : ""
        Report.row(Measurement(name: name, samples: samples), baseline: nil, target: target)
        Report.note(String(format: "%d clusters over 17 zooms; index %.1f MB + points %.1f MB; %d items at zoom 8",
                           index.clusterTotal, Double(index.byteCount) / 1e6, Double(points.byteCount) / 1e6, index.itemCount(atZoom: 8)))
    }

    /// A 1024 x 768 px map (256 px tiles) over the densest place of 1,000,000 clumped points: the
    /// bbox query at zooms 2, 8 and 14, and the FeatureCollection it is answered with.
    private func queries() {
        var random = SplitMix64(seed: 8)
        let centres = (0..<20).map { _ in (random.uniform(-170, 170), random.uniform(-60, 60)) }
        var points = PointSet()
        points.reserve(1_000_000, propertyBytesPerPoint: 12)
        for point in 0..<1_000_000 {
            let centre = centres[Int(random.next() % 20)]
            // Half a degree to a few metres around the centre: cities of shops, nested at every scale.
            let scale = 0.5 / Double(1 << Int(random.next() % 14))
            points.append(longitude: centre.0 + scale * random.uniform(-1, 1), latitude: centre.1 + scale * random.uniform(-1, 1),
                          id: String(point), properties: "{\"n\":\(point % 1000)}")
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let index = try! ClusterIndex(points: points)
        Report.note(String(format: "clumped: 1M points around 20 centres, indexed in %.0f ms",
                           Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6))
        let (x, y) = (centres[0].0 / 360 + 0.5, 0.5 - log(tan(Double.pi / 4 + centres[0].1 * Double.pi / 360)) / (2 * Double.pi))
        for zoom in [2, 8, 14] {
            let world = 256 * pow(2, Double(zoom))
            let (halfWidth, halfHeight) = (512 / world, 384 / world)
            let box = QueryBox(west: (x - halfWidth - 0.5) * 360, south: Self.latitude(y + halfHeight),
                               east: (x + halfWidth - 0.5) * 360, north: Self.latitude(y - halfHeight))
            let items = index.clusters(in: box, zoom: Double(zoom))
            let query = Measurement.run("bbox query, 1024x768 px at zoom \(zoom)", iterations: 2000, warmup: 100) {
                consume(index.clusters(in: box, zoom: Double(zoom)))
            }
            Report.row(Self.microseconds(query), baseline: nil,
                       target: String(format: "≤ 200 µs (%.0f here)", 200 * machineFactor), unit: "µs")
            let ours = Measurement.run("  its FeatureCollection (Cairn)", iterations: 500, warmup: 20) {
                consume(index.featureCollection(items))
            }
            let dictionaries = Self.foundationFeatures(index, items)
            let foundation = Measurement.run("  its FeatureCollection (JSONSerialization)", iterations: 500, warmup: 20) {
                consume(try? JSONSerialization.data(withJSONObject: dictionaries))
            }
            Report.row(Self.microseconds(ours), baseline: Self.microseconds(foundation), target: "", unit: "µs")
            let clusters = items.filter(index.isCluster).count
            Report.note("\(items.count) items (\(clusters) clusters), \(index.featureCollection(items).count) bytes of GeoJSON; box \(box)")
        }
    }

    private static func microseconds(_ measurement: Measurement) -> Measurement {
        Measurement(name: measurement.name, samples: measurement.samples.map { $0 * 1000 })
    }

    private static func latitude(_ y: Double) -> Double {
        atan(sinh(Double.pi * (1 - 2 * y))) * 180 / Double.pi
    }

    /// The same features as Foundation objects, made before timing: only the writing is compared.
    private static func foundationFeatures(_ index: ClusterIndex, _ items: [ClusterItem]) -> [String: Any] {
        let features: [[String: Any]] = items.map { item in
            let (longitude, latitude) = index.coordinate(of: item)
            let geometry: [String: Any] = ["type": "Point", "coordinates": [longitude, latitude]]
            if let id = index.clusterID(of: item) {
                let count = index.pointCount(of: item)
                let abbreviated: Any = count >= 1000 ? "\(count / 1000)k" : count
                return ["type": "Feature", "id": id, "geometry": geometry, "properties": [
                    "cluster": true, "cluster_id": id, "point_count": count, "point_count_abbreviated": abbreviated,
                ] as [String: Any]]
            }
            let point = index.pointIndex(of: item)!
            return ["type": "Feature", "id": point, "geometry": geometry, "properties": ["n": point % 1000]]
        }
        return ["type": "FeatureCollection", "features": features]
    }
}

/// This process's memory: resident now (VmRSS) and its peak so far (getrusage's ru_maxrss).
private enum Memory {
    static var peakMegabytes: Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }

    static var residentMegabytes: Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return Double(line.split(separator: " ").dropFirst().first ?? "").map { $0 / 1024 } ?? 0
    }
}
