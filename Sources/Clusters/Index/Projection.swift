import Foundation

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

    static func longitude(x: Double) -> Double {
        (x - 0.5) * 360
    }

    static func latitude(y: Double) -> Double {
        let y2 = (180 - y * 360) * Double.pi / 180
        return 360 * atan(exp(y2)) / Double.pi - 90
    }
}
