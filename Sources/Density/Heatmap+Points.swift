import Clusters
import Tiles

/// The points a heatmap draws, placed in the world's pixels.
struct PlacedPoints {
    var x: [Double] = []
    var y: [Double] = []
    var weight: [Double] = []

    var count: Int { x.count }
}

extension Heatmap {
    /// The points inside the box `minX...maxX`, `minY...maxY` of world pixels of a world
    /// `worldSize` pixels across, each at its exact position (a copy of the world east or west of
    /// the first when the box runs past the antimeridian), with its weight.
    ///
    /// A box of a sixteenth of the world or more reads every point in order, at its 32-bit position
    /// (within 10⁻⁴ pixel at those zooms), instead of gathering them through the index's tree.
    func points(minX: Double, minY: Double, maxX: Double, maxY: Double, worldSize: Double, weights: [Double]?) -> PlacedPoints {
        if (maxX - minX) * (maxY - minY) >= worldSize * worldSize / 16 {
            return scan(minX: minX, minY: minY, maxX: maxX, maxY: maxY, worldSize: worldSize, weights: weights)
        }
        var placed = PlacedPoints()
        let longitudes = index.points.longitudes, latitudes = index.points.latitudes
        // The index's tree keeps 32-bit positions: asked a little wider, each point then placed exactly.
        let slack = worldSize * 1e-6
        let top = max(0, minY - slack) / worldSize, bottom = min(worldSize, maxY + slack) / worldSize
        guard top < bottom else { return placed }
        let firstCopy = Int((minX / worldSize).rounded(.down)), lastCopy = Int((maxX / worldSize).rounded(.down))
        for copy in firstCopy...lastCopy {
            let shift = Double(copy) * worldSize
            let left = max(0, minX - shift - slack) / worldSize, right = min(worldSize, maxX - shift + slack) / worldSize
            guard left < right else { continue }
            let items = index.clusters(west: left * 360 - 180, south: WebMercator.latitude(y: bottom, zoom: 0),
                                       east: right * 360 - 180, north: WebMercator.latitude(y: top, zoom: 0), zoom: .infinity)
            placed.x.reserveCapacity(placed.count + items.count)
            placed.y.reserveCapacity(placed.count + items.count)
            placed.weight.reserveCapacity(placed.count + items.count)
            for item in items {
                guard let point = index.pointIndex(of: item) else { continue }
                let position = WebMercator.tilePosition(longitude: longitudes[point], latitude: latitudes[point], zoom: 0)
                let x = position.x * worldSize + shift, y = position.y * worldSize
                guard x >= minX, x <= maxX, y >= minY, y <= maxY else { continue }
                placed.x.append(x)
                placed.y.append(y)
                placed.weight.append(weights?[point] ?? 1)
            }
        }
        return placed
    }

    /// The points inside the box, read in order at their 32-bit positions (see ``points(minX:minY:maxX:maxY:worldSize:weights:)``).
    private func scan(minX: Double, minY: Double, maxX: Double, maxY: Double, worldSize: Double, weights: [Double]?) -> PlacedPoints {
        let positions = unitPositions.withLock { known in
            if let known { return known }
            let longitudes = index.points.longitudes, latitudes = index.points.latitudes
            var x = [Float](), y = [Float]()
            x.reserveCapacity(longitudes.count)
            y.reserveCapacity(longitudes.count)
            for point in 0..<longitudes.count {
                let position = WebMercator.tilePosition(longitude: longitudes[point], latitude: latitudes[point], zoom: 0)
                x.append(Float(position.x))
                y.append(Float(position.y))
            }
            known = (x, y)
            return (x, y)
        }
        var placed = PlacedPoints()
        let firstCopy = Int((minX / worldSize).rounded(.down)), lastCopy = Int((maxX / worldSize).rounded(.down))
        positions.x.withUnsafeBufferPointer { xs in
            positions.y.withUnsafeBufferPointer { ys in
                for point in 0..<xs.count {
                    let y = Double(ys[point]) * worldSize
                    guard y >= minY, y <= maxY else { continue }
                    for copy in firstCopy...lastCopy {
                        let x = Double(xs[point]) * worldSize + Double(copy) * worldSize
                        guard x >= minX, x <= maxX else { continue }
                        placed.x.append(x)
                        placed.y.append(y)
                        placed.weight.append(weights?[point] ?? 1)
                    }
                }
            }
        }
        return placed
    }
}
