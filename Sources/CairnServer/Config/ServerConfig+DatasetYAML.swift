import Canvas
import ClusterOverlays
import Clusters
import ClustersPostgres
import Density
import Markers
import Tiles

extension ServerConfig {
    /// A dataset while it is read: its source is known only once `file` or `postgres` (and the file's
    /// columns) are read, so the other keys go to `dataset`, whose source is put in at the end.
    private struct DatasetDraft {
        var file: String?
        var postgres: PostgresPointQuery?
        var options = PointReadOptions()
        var refresh: Double?
        var dataset: Dataset
        /// A password file others may read.
        var warnings: [String] = []
    }

    private static let datasetSection = ConfigSection<DatasetDraft>([
        "file": { draft, value, context in draft.file = resolve(try value.string(), in: context.directory) },
        "format": { draft, value, _ in
            guard let format = PointFormat(rawValue: try value.string()) else { throw ConfigError(value.path, "expected geojson, ndjson or csv") }
            draft.options.format = format
        },
        "lon": { draft, value, _ in draft.options.longitudeColumn = try value.string() },
        "lat": { draft, value, _ in draft.options.latitudeColumn = try value.string() },
        "id": { draft, value, _ in draft.options.idColumn = try value.string() },
        "postgres": { draft, value, context in
            let query = try postgresQuery(value, context, warnings: &draft.warnings)
            draft.postgres = query
        },
        "refresh": { draft, value, _ in draft.refresh = try value.seconds(in: 0.1...longestTTL) },
        "skip_invalid": { draft, value, _ in draft.dataset.skipInvalid = try value.bool() },
        "radius": { draft, value, _ in
            draft.dataset.cluster.radius = try value.double()
            draft.dataset.radiusFromStyle = false
        },
        "extent": { draft, value, _ in draft.dataset.cluster.extent = try value.double() },
        "min_zoom": { draft, value, _ in draft.dataset.cluster.minZoom = try value.int(in: 0...30) },
        "max_zoom": { draft, value, _ in draft.dataset.cluster.maxZoom = try value.int(in: 0...30) },
        "min_points": { draft, value, _ in draft.dataset.cluster.minPoints = try value.int(in: 2...1_000_000) },
        "aggregates": { draft, value, _ in draft.dataset.aggregates = try aggregates(value) },
        "style": { draft, value, _ in draft.dataset.style = try value.string() },
        "label": { draft, value, _ in
            guard let label = LabelMode(rawValue: try value.string()) else { throw ConfigError(value.path, "expected exact, bucket or abbrev") }
            draft.dataset.label = label
        },
        "marker": { try markerSection.read($1, into: &$0.dataset.marker, $2) },
        "heatmap": { draft, value, context in draft.dataset.heatmap = try densityDefaults(heatmapSection, value, context) },
        "grid": { draft, value, context in draft.dataset.grid = try densityDefaults(gridSection, value, context) },
        "card": { draft, value, context in draft.dataset.card = try card(value, context) },
        "minzoom": { draft, value, _ in draft.dataset.minzoom = try value.int(in: 0...TileID.maximumZoom) },
        "maxzoom": { draft, value, _ in draft.dataset.maxzoom = try value.int(in: 0...TileID.maximumZoom) },
        "attribution": { draft, value, _ in draft.dataset.attribution = try value.string() },
        "filter": { draft, value, _ in
            do { draft.dataset.filter = try PointFilter(parsing: try value.string()) } catch let error as FilterError {
                throw ConfigError(value.path, error.description)
            }
        },
        "categories": { draft, value, context in try categories(value, context, into: &draft.dataset) },
        "filter_cache": { try filterCacheSection.read($1, into: &$0.dataset.filterCache, $2) },
        "parts": { draft, value, _ in
            let text = try value.string()
            guard text == "none" || PartsLook(rawValue: text) != nil else { throw ConfigError(value.path, "expected donut, pie, dominant or none") }
            draft.dataset.parts = PartsLook(rawValue: text)
        },
    ])

    /// Reads `datasets.NAME`; what to warn about at start-up (a password file others may read) goes to `warnings`.
    static func dataset(_ name: String, _ node: ConfigNode, _ context: ConfigContext, warnings: inout [String]) throws -> Dataset {
        var draft = DatasetDraft(dataset: Dataset(name: name, source: .file(path: "", options: PointReadOptions())))
        try datasetSection.read(node, into: &draft, context)
        let source: Dataset.Source
        switch (draft.file, draft.postgres) {
        case (let file?, nil): source = .file(path: file, options: draft.options)
        case (nil, let query?): source = .postgres(query)
        case (nil, nil): throw ConfigError(node.path, "a dataset needs a file or a postgres source")
        default: throw ConfigError(node.path, "give either file or postgres, not both")
        }
        warnings += draft.warnings
        var dataset = draft.dataset
        dataset.source = source
        dataset.refresh = draft.refresh ?? Dataset.defaultRefresh(of: source)
        if let problem = dataset.cluster.problem { throw ConfigError(node.path, problem) }
        guard dataset.minzoom <= dataset.maxzoom else { throw ConfigError(node.path + ".minzoom", "is above maxzoom (\(dataset.maxzoom))") }
        return dataset
    }

    /// `datasets.NAME.postgres` while it is read: the URL and the query are checked once both are known.
    private struct PostgresDraft {
        var query = PostgresPointQuery(url: "", query: "")
        var passwordWarning: String?
    }

    private static let postgresSection = ConfigSection<PostgresDraft>([
        "url": { draft, value, _ in draft.query.url = try value.string() },
        "query": { draft, value, _ in draft.query.query = try value.string() },
        "id": { draft, value, _ in draft.query.idColumn = value.isNull ? nil : try value.string() },
        "lon": { draft, value, _ in draft.query.longitudeColumn = try value.string() },
        "lat": { draft, value, _ in draft.query.latitudeColumn = try value.string() },
        "timeout": { draft, value, _ in draft.query.timeout = .milliseconds(Int64(try value.seconds(in: timeoutRange) * 1000)) },
        "listen": { draft, value, _ in
            let channel = try value.string()
            if let problem = PostgresChannelName.problem(with: channel) { throw ConfigError(value.path, problem) }
            draft.query.listen = channel
        },
        "password_file": { draft, value, context in
            do {
                let file = try SecretFile.read(path: resolve(try value.string(), in: context.directory))
                draft.query.password = file.secret
                draft.passwordWarning = file.warning
            } catch let problem as SecretFile.Problem {
                throw ConfigError(value.path, problem.description)
            }
        },
    ], nullable: ["id"])

    private static func postgresQuery(_ node: ConfigNode, _ context: ConfigContext, warnings: inout [String]) throws -> PostgresPointQuery {
        var draft = PostgresDraft()
        try postgresSection.read(node, into: &draft, context)
        let query = draft.query
        guard query.url.hasPrefix("postgres://") || query.url.hasPrefix("postgresql://") else {
            throw ConfigError(node.path + ".url", "expected a postgres:// URL")
        }
        guard !query.query.isEmpty else { throw ConfigError(node.path + ".query", "expected the query returning id, lon, lat and properties") }
        if let warning = draft.passwordWarning { warnings.append(warning) }
        do { try query.validate() } catch { throw ConfigError(node.path + ".url", "\(error)") }
        return query
    }

    /// `aggregates: {total_population: {sum: population}}`.
    private static func aggregates(_ node: ConfigNode) throws -> [Aggregate] {
        try node.entries().map { name, value in
            guard !["cluster", "cluster_id", "point_count", "point_count_abbreviated"].contains(name) else {
                throw ConfigError(value.path, "'\(name)' is a property every cluster has already")
            }
            let entries = try value.entries()
            guard entries.count == 1, let operation = Aggregate.Operation(rawValue: entries[0].key) else {
                throw ConfigError(value.path, "expected {sum|min|max|mean: PROPERTY}")
            }
            return Aggregate(name: name, operation: operation, property: try entries[0].value.string())
        }
    }

    /// `categories` while it is read: the values and colours are checked against each other at the end.
    private struct CategoriesDraft {
        var spec = CategorySpec(property: "")
        var colors: [String: Color] = [:]
        var other: Color?
    }

    private static let categoriesSection = ConfigSection<CategoriesDraft>([
        "property": { draft, value, _ in draft.spec.property = try value.string() },
        "values": { draft, value, _ in draft.spec.values = try value.strings() },
        "colors": { draft, value, _ in
            for (name, colour) in try value.entries() { draft.colors[name] = try color(colour) }
        },
        "other": { draft, value, _ in draft.other = try color(value) },
    ])

    /// `categories: {property: kind, values: [restaurant, cafe], colors: {restaurant: "#e6194b"}, other: "#9e9e9e"}`.
    private static func categories(_ node: ConfigNode, _ context: ConfigContext, into dataset: inout Dataset) throws {
        var draft = CategoriesDraft()
        try categoriesSection.read(node, into: &draft, context)
        let spec = draft.spec
        guard !spec.property.isEmpty else { throw ConfigError(node.path + ".property", "categories need the property they count by") }
        if let problem = spec.problem { throw ConfigError(node.path + ".values", problem) }
        if let values = spec.values, let stray = draft.colors.keys.sorted().first(where: { !values.contains($0) && $0 != CategoryTable.otherName }) {
            throw ConfigError(node.path + ".colors.\(stray)", "is not one of the values")
        }
        dataset.categories = spec
        dataset.categoryColors = draft.colors
        if let other = draft.other { dataset.otherColor = other }
    }

    /// `filter_cache: {items: 32, max_size: 256MB}`.
    private static let filterCacheSection = ConfigSection<Dataset.FilterCacheLimits>([
        "items": { limits, value, _ in limits.items = try value.int(in: 0...10_000) },
        "max_size": { limits, value, _ in limits.maxBytes = try value.bytes(in: 0...Int.max) },
    ])

    /// `marker: {fill: COLOUR, stroke: COLOUR, radius: 6, stroke_width: 2}`.
    private static let markerSection = ConfigSection<PointMarker>([
        "fill": { marker, value, _ in marker.fill = try color(value) },
        "stroke": { marker, value, _ in marker.stroke = try color(value) },
        "radius": { marker, value, _ in
            marker.radius = try value.double()
            guard (1...64).contains(marker.radius) else { throw ConfigError(value.path, "expected a radius in 1…64 points") }
        },
        "stroke_width": { marker, value, _ in
            marker.strokeWidth = try value.double()
            guard (0...32).contains(marker.strokeWidth) else { throw ConfigError(value.path, "expected a width in 0…32 points") }
        },
    ])

    /// A density map's option texts, each as a request would give it.
    private static func densityText(_ key: String) -> ConfigSection<[String: String]>.Reader {
        { defaults, value, _ in defaults[key] = try value.string() }
    }

    /// `heatmap: {radius: 20, kernel: quartic, weight: PROPERTY, ramp: heat, opacity: 1, scale: auto, normalize: none}`.
    private static let heatmapSection = ConfigSection<[String: String]>([
        "radius": densityText("radius"), "kernel": densityText("kernel"), "weight": densityText("weight"), "ramp": densityText("ramp"),
        "opacity": densityText("opacity"), "scale": densityText("scale"), "normalize": densityText("normalize"),
    ])

    /// `grid: {cell: 32, shape: square, ramp: heat, opacity: 1}`.
    private static let gridSection = ConfigSection<[String: String]>([
        "cell": densityText("cell"), "shape": densityText("shape"), "ramp": densityText("ramp"), "opacity": densityText("opacity"),
    ])

    /// The texts of `node` read by `section`, checked by the parsers the requests go through.
    private static func densityDefaults(_ section: ConfigSection<[String: String]>, _ node: ConfigNode,
                                        _ context: ConfigContext) throws -> [String: String] {
        var defaults: [String: String] = [:]
        try section.read(node, into: &defaults, context)
        do {
            _ = try HeatmapOptions(radius: defaults["radius"], kernel: defaults["kernel"], weight: defaults["weight"], ramp: defaults["ramp"],
                                   opacity: defaults["opacity"], scale: defaults["scale"], normalize: defaults["normalize"])
            _ = try GridOptions(shape: defaults["shape"], cell: defaults["cell"], geometry: nil)
        } catch let error as HeatmapOptionsError {
            throw ConfigError(node.path + "." + error.parameter, error.description)
        } catch let error as GridOptionsError {
            throw ConfigError(node.path + "." + error.parameter, error.description)
        }
        return defaults
    }

    private static func color(_ node: ConfigNode) throws -> Color {
        do { return try Color(parsing: try node.string()) } catch { throw ConfigError(node.path, "\(error)") }
    }

    private static let cardSection = ConfigSection<CardTemplate>([
        "title": { card, value, _ in card.title = try value.string() },
        "subtitle": { card, value, _ in card.subtitle = try value.string() },
        "image": { card, value, _ in card.image = try value.string() },
    ])

    private static func card(_ node: ConfigNode, _ context: ConfigContext) throws -> CardTemplate {
        var template = CardTemplate(title: "")
        try cardSection.read(node, into: &template, context)
        guard !template.title.isEmpty else { throw ConfigError(node.path + ".title", "a card needs a title, e.g. \"{name}\"") }
        return template
    }
}
