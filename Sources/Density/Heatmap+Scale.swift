import Foundation
import Tiles

extension Heatmap {
    /// How many of the dataset's points `scale: auto` measures the density at, at most.
    public static let scaleSample = 1024

    /// The density S that `options` colour fully at `zoom` (colour = ramp(min(1, D / S))):
    ///
    /// - `scale: auto`: the 99th percentile (nearest rank) of D at the positions of the dataset's
    ///   points themselves, at the zoom, over ``scaleSample`` points taken evenly through the
    ///   dataset's order (all of them when fewer); 1 when that is 0. D at a point's own position
    ///   does not depend on the tile's scale (distances and radius grow alike), so `@2x` tiles
    ///   have the colours of the others.
    /// - `scale: N`: N.
    /// - `normalize: area`: S(zoom) = S(0) · 4^−zoom, S(0) the above at zoom 0.
    ///
    /// It depends only on the dataset (its points, weights and filter), the zoom, the radius and
    /// the kernel; each is computed once and remembered.
    public func scale(zoom: Int, options: HeatmapOptions) throws -> Double {
        switch options.normalize {
        case .none: try zoomScale(zoom, options: options)
        case .area: try zoomScale(0, options: options) / pow(4, Double(zoom))
        }
    }

    private func zoomScale(_ zoom: Int, options: HeatmapOptions) throws -> Double {
        if case .fixed(let value) = options.scale { return value }
        let key = ScaleKey(zoom: zoom, radius: options.radius, kernel: options.kernel, weight: options.weight)
        if let known = scales.withLock({ $0[key] }) { return known }
        let weights = try self.weights(options.weight)
        let longitudes = index.points.longitudes, latitudes = index.points.latitudes
        let count = index.pointCount, sample = min(count, Self.scaleSample)
        let worldSize = 256 * pow(2, Double(zoom)), radius = options.radius
        var densities: [Double] = []
        densities.reserveCapacity(sample)
        for k in 0..<sample {
            let point = k * count / sample
            let position = WebMercator.tilePosition(longitude: longitudes[point], latitude: latitudes[point], zoom: 0)
            let x = position.x * worldSize, y = position.y * worldSize
            let near = points(minX: x - radius, minY: y - radius, maxX: x + radius, maxY: y + radius, worldSize: worldSize, weights: weights)
            var density = 0.0
            for n in 0..<near.count {
                let dx = near.x[n] - x, dy = near.y[n] - y
                density += near.weight[n] * options.kernel.value(squared: (dx * dx + dy * dy) / (radius * radius))
            }
            densities.append(density)
        }
        densities.sort()
        let rank = Int((0.99 * Double(densities.count)).rounded(.up))
        let percentile = densities.isEmpty ? 0 : densities[max(0, rank - 1)]
        let scale = percentile > 0 ? percentile : 1
        scales.withLock { $0[key] = scale }
        return scale
    }
}
