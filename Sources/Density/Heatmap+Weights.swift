import Clusters

extension Heatmap {
    /// Reads the weights `options` ask for, so that a dataset whose weights cannot be used fails
    /// before its first tile (a server's dataset load, a chain's start).
    public func prepare(_ options: HeatmapOptions) throws(HeatmapWeightError) {
        _ = try weights(options.weight)
    }

    /// Each point's weight by `property`, 1 where a point lacks it; nil without a property (every
    /// point weighs 1). A weight that is not a number, or is negative, is an error of the dataset
    /// naming the point; so is a property no point has (almost always a typo).
    func weights(_ property: String?) throws(HeatmapWeightError) -> [Double]? {
        guard let property else { return nil }
        if let known = weightColumns.withLock({ $0[property] }) { return known }
        let points = index.points
        guard let column = points.propertyColumns([property]).first, column.keyed > 0 || points.count == 0 else {
            throw HeatmapWeightError(description: "weight: \(points.unknownProperty(property))")
        }
        var weights = [Double](repeating: 1, count: points.count)
        for point in 0..<points.count {
            switch column.kinds[point] {
            case .absent: continue
            case .number where column.values[point] >= 0: weights[point] = column.values[point]
            case .number: throw problem(point, property, "is negative (\(column.values[point]))")
            case .string: throw problem(point, property, "is the string \"\(column.strings[Int(column.values[point])])\", not a number")
            case .true, .false: throw problem(point, property, "is a boolean, not a number")
            case .other: throw problem(point, property, "is an object or an array, not a number")
            }
        }
        weightColumns.withLock { $0[property] = weights }
        return weights
    }

    /// The error about point `point`'s weight, naming it by its id (when it has one) and its coordinates.
    private func problem(_ point: Int, _ property: String, _ what: String) -> HeatmapWeightError {
        let points = index.points
        var scratch: [UInt8] = []
        let id = points.ids.withText(of: point, scratch: &scratch) { String(decoding: $0, as: UTF8.self) }
        let place = "the point at \(points.longitudes[point]),\(points.latitudes[point])" + (id.map { " (id \($0))" } ?? "")
        return HeatmapWeightError(description: "weight '\(property)' of \(place) \(what)")
    }
}

/// A dataset whose weights cannot be used: the message names the point (or the missing property).
public struct HeatmapWeightError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
}
