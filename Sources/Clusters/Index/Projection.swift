import Foundation
internal import Parallel

/// Web Mercator in the unit square, as supercluster computes it (the same expressions in the same
/// order, so the same doubles): x grows east from 0 at -180°, y grows south from 0 at the top of
/// the square world; latitudes beyond ±85.05° clamp to the square's edges.
enum Projection {
    static func x(longitude: Double) -> Double {
        longitude / 360 + 0.5
    }

    static func y(latitude: Double) -> Double {
        let sine = sin(latitude * Double.pi / 180)
        let y = 0.5 - 0.25 * log((1 + sine) / (1 - sine)) / Double.pi
        return y < 0 ? 0 : y > 1 ? 1 : y
    }

    /// Appends the tree coordinates (Float32) of every point to `x` and `y`, in point order, the
    /// points split in parts on `threads` threads (the same values on any number).
    static func project(longitudes: [Double], latitudes: [Double], into x: inout [Float], _ y: inout [Float], threads: Int) {
        let count = longitudes.count, start = x.count
        x.append(contentsOf: repeatElement(0, count: count))
        y.append(contentsOf: repeatElement(0, count: count))
        let parts = threads > 1 && count >= 1 << 16 ? threads : 1
        x.withUnsafeMutableBufferPointer { x in
            y.withUnsafeMutableBufferPointer { y in
                _ = ParallelRuns.map(parts) { part in
                    for p in ParallelRuns.share(part, of: parts, in: count) {
                        x[start + p] = Float(Self.x(longitude: longitudes[p]))
                        y[start + p] = Float(Self.y(latitude: latitudes[p]))
                    }
                }
            }
        }
    }

    static func longitude(x: Double) -> Double {
        (x - 0.5) * 360
    }

    static func latitude(y: Double) -> Double {
        let y2 = (180 - y * 360) * Double.pi / 180
        return 360 * atan(exp(y2)) / Double.pi - 90
    }
}
