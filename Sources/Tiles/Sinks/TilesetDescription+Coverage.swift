extension TilesetDescription {
    /// This description made true of an output that holds `coverage`: the zooms are those of the tiles
    /// held, the bounds the area of the tiles within the area described (the tiles' whole area when
    /// none is described; a described box across the antimeridian is kept), and an inherited centre's
    /// zoom and the vector layers' zooms are moved into those zooms. An output without tiles keeps the
    /// description as it is.
    public func fitted(to coverage: TileCoverage) -> TilesetDescription {
        guard let zooms = coverage.zooms, let area = coverage.bounds else { return self }
        var fitted = self
        fitted.minZoom = zooms.lowerBound
        fitted.maxZoom = zooms.upperBound
        if let described = bounds {
            fitted.bounds = described.crossesAntimeridian ? described : described.intersection(area) ?? area
        } else {
            fitted.bounds = area
        }
        for index in fitted.vectorLayers.indices {
            fitted.vectorLayers[index].minZoom = min(max(fitted.vectorLayers[index].minZoom, zooms.lowerBound), zooms.upperBound)
            fitted.vectorLayers[index].maxZoom = max(min(fitted.vectorLayers[index].maxZoom, zooms.upperBound), fitted.vectorLayers[index].minZoom)
        }
        if let center = inheritedFields["center"] {
            let parts = center.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 3, let zoom = Double(parts[2]), zoom.isFinite {
                let inside = min(max(Int(zoom.rounded()), zooms.lowerBound), zooms.upperBound)
                fitted.inheritedFields["center"] = "\(parts[0]),\(parts[1]),\(inside)"
            }
        }
        return fitted
    }
}
