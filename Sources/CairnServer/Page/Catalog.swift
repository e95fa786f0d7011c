import ClusterOverlays
import Markers

/// `GET /catalog.json`: everything the server serves — layers, cluster datasets, badge styles,
/// card themes — with relative URL templates. The map page is built from it; any client may read
/// it (a front-end copying URLs, a monitor checking that a layer exists).
enum Catalog {
    static func document(config: ServerConfig, datasets: [String: DatasetService]) -> [String: Any] {
        [
            "layers": config.layers.map(layer),
            "datasets": config.datasets.map { dataset($0, style: $0.style ?? config.badges.defaultStyle, service: datasets[$0.name]) },
            "badges": [
                "default_style": config.badges.defaultStyle,
                "styles": config.badges.styles.keys.sorted(),
                "url": "badges/{count}.png",
            ] as [String: Any],
            "cards": [
                "themes": CardTheme.named.keys.sorted(),
                "width": config.cards.width,
                "images": config.cards.imageSource != nil,
                "url": "cards/{image_id}.png",
            ] as [String: Any],
            // The route groups that need signed URLs (docs/signed-urls.md): the page leaves them out.
            "signed_routes": (config.security.signing?.routes ?? []).map(\.rawValue).sorted(),
            "limits": ["max_scale": config.limits.maxScale, "max_text": config.limits.maxText, "max_static_side": config.limits.maxStaticSide],
        ]
    }

    private static func layer(_ layer: ServerConfig.Layer) -> [String: Any] {
        var entry: [String: Any] = [
            "name": layer.name,
            "format": layer.format.fileExtension,
            "minzoom": layer.minzoom,
            "maxzoom": layer.maxzoom,
            "tiles": "tiles/\(layer.name)/{z}/{x}/{y}.\(layer.format.fileExtension)",
            "tilejson": "tiles/\(layer.name).json",
            "static": "static/\(layer.name)/{lon},{lat},{zoom}/{width}x{height}.\(layer.format.fileExtension)",
        ]
        if let attribution = layer.attribution { entry["attribution"] = attribution }
        return entry
    }

    private static func dataset(_ dataset: ServerConfig.Dataset, style: String, service: DatasetService?) -> [String: Any] {
        let index = service?.snapshot?.index
        let base = "clusters/\(dataset.name)"
        var entry: [String: Any] = [
            "name": dataset.name,
            "minzoom": dataset.minzoom,
            "maxzoom": dataset.maxzoom,
            "cluster_max_zoom": dataset.cluster.maxZoom,
            "style": style,
            "marker": [
                "fill": dataset.marker.fill.description, "stroke": dataset.marker.stroke.description,
                "radius": dataset.marker.radius, "stroke_width": dataset.marker.strokeWidth,
            ] as [String: Any],
            "cards": dataset.card != nil,
            "clusters": base,
            "tiles": base + "/{z}/{x}/{y}.png",
            "vector_tiles": base + "/{z}/{x}/{y}.mvt",
        ]
        if let index { entry["points"] = index.pointCount }
        if let filter = dataset.filter { entry["filter"] = filter.normalized }
        if let table = index?.categories, let look = service?.overlay.categories {
            // The categories in their order, each with the colour badges and markers draw it in.
            entry["categories"] = [
                "property": table.property,
                "look": look.look.rawValue,
                "names": table.names,
                "colors": Dictionary(uniqueKeysWithValues: table.names.enumerated().map { ($1, look.color(of: $1, at: $0).description) }),
            ] as [String: Any]
        }
        if let label = dataset.label { entry["label"] = label.rawValue }
        if let attribution = dataset.attribution { entry["attribution"] = attribution }
        return entry
    }
}
