import Foundation
@testable import Clusters

/// Web Mercator in the unit square written out again from supercluster's `lngX`/`latY` (x east from
/// -180°, y south from the square's top edge at 85.05°, clamped to 0...1), so that the tests check
/// the index against the definition rather than against its own projection.
enum UnitSquare {
    static func x(_ longitude: Double) -> Double { longitude / 360 + 0.5 }

    static func y(_ latitude: Double) -> Double {
        let sine = sin(latitude * Double.pi / 180)
        let y = 0.5 - 0.25 * log((1 + sine) / (1 - sine)) / Double.pi
        return min(max(y, 0), 1)
    }

    static func longitude(_ x: Double) -> Double { (x - 0.5) * 360 }

    static func latitude(_ y: Double) -> Double { atan(sinh(Double.pi * (1 - 2 * y))) * 180 / Double.pi }

    /// The position a point has in supercluster's KD-trees and clusters: its projection in Float32.
    static func stored(_ coordinate: Coordinate) -> (x: Double, y: Double) {
        (Double(Float(x(coordinate.longitude))), Double(Float(y(coordinate.latitude))))
    }
}

extension ClusterIndex {
    /// Every item of the level for `zoom`, through the public bbox query over the whole world.
    func worldItems(_ zoom: Int) -> [ClusterItem] {
        clusters(west: -180, south: -90, east: 180, north: 90, zoom: Double(zoom))
    }

    /// The indices of the points an item stands for: a point's own, a cluster's leaves.
    func pointIndices(of item: ClusterItem) -> [Int] {
        guard let id = clusterID(of: item) else { return [pointIndex(of: item)!] }
        return ((try? leaves(of: id, limit: pointCount(of: item))) ?? []).map { pointIndex(of: $0) ?? -1 }
    }

    /// The zooms that have a level of their own: `minZoom` to `maxZoom + 1`.
    var zooms: ClosedRange<Int> { options.minZoom...(options.maxZoom + 1) }
}

extension ClusterIndex {
    /// Everything a client can see of an index: each zoom's world GeoJSON, and each cluster's
    /// children, expansion zoom and first leaves.
    func everythingSeen(leaves: Int = 0) throws -> [[UInt8]] {
        var seen: [[UInt8]] = []
        for zoom in options.minZoom...(options.maxZoom + 1) {
            let items = clusters(in: .world, zoom: Double(zoom))
            seen.append(featureCollection(items))
            for item in items {
                guard let id = clusterID(of: item) else { continue }
                seen.append(featureArray(try children(of: id)))
                seen.append(Array("\(try expansionZoom(of: id))".utf8))
                if leaves > 0 { seen.append(featureArray(try self.leaves(of: id, limit: leaves))) }
            }
        }
        return seen
    }
}
