import Foundation

extension TilesetDescription {
    /// The rows of an MBTiles `metadata` table (spec 1.3) that describe the tileset: name, format,
    /// bounds, center (the middle of the bounds at the lowest zoom), zooms, then the other fields by
    /// name (`type`, `description`, `attribution`, `json` with `vector_layers`, the inherited ones).
    /// A PMTiles archive's JSON metadata is made from the same rows (``PMTilesMetadataJSON``).
    var mbtilesRows: [(String, String)] {
        var rows = [("name", name), ("format", format)]
        if let bounds {
            rows.append(("bounds", "\(bounds.west),\(bounds.south),\(bounds.east),\(bounds.north)"))
            let east = bounds.crossesAntimeridian ? bounds.east + 360 : bounds.east
            var longitude = (bounds.west + east) / 2
            if longitude > 180 { longitude -= 360 }
            rows.append(("center", "\(longitude),\((bounds.south + bounds.north) / 2),\(minZoom ?? 0)"))
        }
        if let minZoom { rows.append(("minzoom", String(minZoom))) }
        if let maxZoom { rows.append(("maxzoom", String(maxZoom))) }
        var fields = inheritedFields
        if let kind { fields["type"] = kind.rawValue }
        if let description { fields["description"] = description }
        if let attribution { fields["attribution"] = attribution }
        if !vectorLayers.isEmpty { fields["json"] = vectorLayersJSON }
        return rows + fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// `{"vector_layers": [...]}`, keys sorted: the MBTiles `json` row.
    private var vectorLayersJSON: String {
        let layers: [[String: Any]] = vectorLayers.map {
            ["id": $0.id, "minzoom": $0.minZoom, "maxzoom": $0.maxZoom, "description": $0.description, "fields": $0.fields]
        }
        let data = try? JSONSerialization.data(withJSONObject: ["vector_layers": layers], options: [.sortedKeys])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
