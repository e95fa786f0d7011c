import Markers

/// The JSON and GeoJSON bodies, as JSON Schema (draft 2020-12, OpenAPI 3.1's dialect).
enum APISchemas {
    typealias Object = APIOperation.Object

    static func all(_ config: ServerConfig) -> Object {
        let int: Object = ["type": "integer"], string: Object = ["type": "string"], number: Object = ["type": "number"]
        let time = OAS.nullable(["type": "string", "format": "date-time"])
        let usage = OAS.object(["tiles": int, "bytes": int, "share": number, "oldest": time, "newest": time],
                               required: ["tiles", "bytes", "share", "oldest", "newest"])
        return [
            "Error": OAS.string(pattern: "^error: "),
            "TileJSON": OAS.object([
                "tilejson": OAS.choice(["3.0.0"]), "name": string, "scheme": OAS.choice(["xyz"]), "tiles": OAS.array(string, count: 1...1),
                "minzoom": OAS.integer(0...30), "maxzoom": OAS.integer(0...30), "bounds": OAS.array(number, count: 4...4),
                "center": OAS.array(number, count: 3...3), "attribution": string,
            ], required: ["tilejson", "name", "scheme", "tiles", "minzoom", "maxzoom", "bounds", "center"]),
            "FeatureCollection": OAS.object(["type": OAS.choice(["FeatureCollection"]), "features": OAS.array(OAS.ref("Feature"))],
                                            required: ["type", "features"]),
            "Feature": OAS.object([
                "type": OAS.choice(["Feature"]),
                "id": ["type": ["string", "integer"]],
                "geometry": OAS.object(["type": OAS.choice(["Point"]), "coordinates": OAS.array(number, count: 2...2)],
                                       required: ["type", "coordinates"]),
                "properties": OAS.object([
                    "cluster": ["type": "boolean"], "cluster_id": OAS.integer(minimum: 0), "point_count": OAS.integer(minimum: 2),
                    "point_count_abbreviated": ["type": ["string", "integer"]],
                ]),
            ], required: ["type", "geometry", "properties"]),
            "ExpansionZoom": OAS.object(["cluster_id": OAS.integer(minimum: 0), "expansion_zoom": OAS.integer(0...30)],
                                        required: ["cluster_id", "expansion_zoom"], closed: true),
            "Health": OAS.object(["status": OAS.choice(["ok"]), "layers": OAS.integer(minimum: 0), "datasets": OAS.integer(minimum: 0),
                                  "uptime_seconds": OAS.integer(minimum: 0)],
                                 required: ["status", "layers", "datasets", "uptime_seconds"], closed: true),
            "Catalog": catalog(config),
            "CardRequest": OAS.object([
                "title": OAS.string(maxLength: config.limits.maxText, minLength: 1),
                "subtitle": OAS.string(maxLength: config.limits.maxText),
                "image_id": OAS.string(pattern: "^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$"),
                "scale": OAS.integer(1...config.limits.maxScale),
                "theme": OAS.choice(CardTheme.named.keys.sorted()),
            ], required: ["title"]),
            "CacheStats": OAS.object([
                "directory": string, "max_size": int, "total": usage,
                "groups": OAS.array(["allOf": [usage, OAS.object(["kind": string, "name": OAS.nullable(string)], required: ["kind", "name"])]]),
            ], required: ["directory", "max_size", "groups", "total"]),
            "Removal": OAS.object(["tiles": int, "bytes": int, "zooms": ["type": "object", "additionalProperties": int],
                                   "cleared": OAS.array(string), "layer": string], required: ["tiles", "bytes", "zooms"]),
            "SeedRegion": OAS.object([
                "bbox": ["oneOf": [OAS.array(OAS.number(-180...180), count: 4...4), OAS.string(pattern: "^-?[0-9.]+,-?[0-9.]+,-?[0-9.]+,-?[0-9.]+$")]],
                "zoom": ["oneOf": [OAS.integer(0...30), OAS.string(pattern: "^[0-9]{1,2}(-[0-9]{1,2})?$")]],
                "scale": OAS.integer(1...2), "format": OAS.choice(["png", "jpg", "jpeg", "webp"]), "resume": ["type": "boolean"],
                "jobs": OAS.integer(1...64),
            ], required: ["bbox", "zoom"], closed: true),
            "SeedJob": OAS.object([
                "id": string, "layer": string, "state": OAS.choice(["running", "cancelled", "done"]),
                "total": int, "done": int, "stored": int, "kept": int, "absent": int, "failed": int, "bytes": int,
                "started": ["type": "string", "format": "date-time"], "finished": time, "first_failure": OAS.nullable(string),
            ], required: ["id", "layer", "state", "total", "done", "started", "finished"]),
            "SeedJobs": OAS.object(["jobs": OAS.array(OAS.ref("SeedJob"))], required: ["jobs"]),
            "Refresh": OAS.object(["dataset": string, "state": string, "version": string, "points": int,
                                   "loaded_at": ["type": "string", "format": "date-time"]], required: ["dataset", "state"]),
        ]
    }

    private static func catalog(_ config: ServerConfig) -> Object {
        let int: Object = ["type": "integer"], string: Object = ["type": "string"]
        let layer = OAS.object(["name": string, "format": string, "minzoom": int, "maxzoom": int, "tiles": string, "tilejson": string,
                                "static": string, "attribution": string],
                               required: ["name", "format", "minzoom", "maxzoom", "tiles", "tilejson", "static"])
        let dataset = OAS.object(["name": string, "minzoom": int, "maxzoom": int, "cluster_max_zoom": int, "style": string,
                                  "marker": ["type": "object"], "cards": ["type": "boolean"], "clusters": string, "tiles": string,
                                  "vector_tiles": string, "points": int, "filter": string, "categories": ["type": "object"],
                                  "label": string, "attribution": string],
                                 required: ["name", "minzoom", "maxzoom", "cluster_max_zoom", "style", "marker", "cards", "clusters",
                                            "tiles", "vector_tiles"])
        return OAS.object([
            "layers": OAS.array(layer), "datasets": OAS.array(dataset),
            "badges": OAS.object(["default_style": string, "styles": OAS.array(string), "url": string],
                                 required: ["default_style", "styles", "url"]),
            "cards": OAS.object(["themes": OAS.array(string), "width": ["type": "number"], "images": ["type": "boolean"], "url": string],
                                required: ["themes", "width", "images", "url"]),
            "signed_routes": OAS.array(OAS.choice(SignedRoute.allCases.map(\.rawValue))),
            "limits": OAS.object(["max_scale": int, "max_text": int, "max_static_side": int],
                                 required: ["max_scale", "max_text", "max_static_side"]),
        ], required: ["layers", "datasets", "badges", "cards", "signed_routes", "limits"])
    }
}
