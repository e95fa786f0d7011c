import Canvas
import Clusters
import Density
import Foundation
import SeededRandom
import Tiles

/// Points for the heatmap tests, as a dataset would hold them, and the index a heatmap is drawn from.
struct HeatmapTestPoints {
    var points: [(longitude: Double, latitude: Double, weight: Double?)] = []

    /// `count` points spread evenly at random over `box`, weight 1 (none given).
    static func random(_ count: Int, in box: BoundingBox, seed: UInt64) -> HeatmapTestPoints {
        var random = SplitMix64(seed: seed)
        var result = HeatmapTestPoints()
        for _ in 0..<count {
            result.points.append((random.uniform(box.west, box.east), random.uniform(box.south, box.north), nil))
        }
        return result
    }

    /// The points as a dataset: a weight, when given, is the property `w`.
    var pointSet: PointSet {
        var set = PointSet()
        for point in points {
            set.append(longitude: point.longitude, latitude: point.latitude, id: nil,
                       properties: point.weight.map { "{\"w\":\($0)}" } ?? "{}")
        }
        return set
    }

    var heatmap: Heatmap { Heatmap(index: try! ClusterIndex(points: pointSet)) }

    /// The alpha of every pixel of `surface`, row by row.
    static func alphas(_ surface: Surface) -> [Int] {
        (0..<surface.height).flatMap { y in (0..<surface.width).map { x in Int(surface.pixel(x: x, y: y).a) } }
    }
}
