import Canvas
import ClusterOverlays
import Clusters
import ClustersPostgres
import Markers
import Tiles

extension ServerConfig {
    /// Reads `datasets.NAME`; what to warn about at start-up (a password file others may read) goes to `warnings`.
    static func dataset(_ name: String, _ node: ConfigNode, directory: String, warnings: inout [String]) throws -> Dataset {
        var file: String?
        var postgres: PostgresPointQuery?
        var options = PointReadOptions()
        var fields: [(String, ConfigNode)] = []
        try node.fields(["file", "format", "lon", "lat", "id", "postgres", "refresh", "skip_invalid", "radius", "extent",
                         "min_zoom", "max_zoom", "min_points", "aggregates", "style", "label", "marker", "card",
                         "minzoom", "maxzoom", "attribution", "filter", "categories", "filter_cache", "parts"]) { key, value in
            switch key {
            case "file": file = resolve(try value.string(), in: directory)
            case "format":
                guard let format = PointFormat(rawValue: try value.string()) else { throw ConfigError(value.path, "expected geojson, ndjson or csv") }
                options.format = format
            case "lon": options.longitudeColumn = try value.string()
            case "lat": options.latitudeColumn = try value.string()
            case "id": options.idColumn = try value.string()
            case "postgres": postgres = try postgresQuery(value, directory: directory, warnings: &warnings)
            default: fields.append((key, value))
            }
        }
        let source: Dataset.Source
        switch (file, postgres) {
        case (let file?, nil): source = .file(path: file, options: options)
        case (nil, let query?): source = .postgres(query)
        case (nil, nil): throw ConfigError(node.path, "a dataset needs a file or a postgres source")
        default: throw ConfigError(node.path, "give either file or postgres, not both")
        }
        var dataset = Dataset(name: name, source: source)
        for (key, value) in fields {
            switch key {
            case "refresh": dataset.refresh = try value.seconds(in: 0.1...longestTTL)
            case "skip_invalid": dataset.skipInvalid = try value.bool()
            case "radius":
                dataset.cluster.radius = try value.double()
                dataset.radiusFromStyle = false
            case "extent": dataset.cluster.extent = try value.double()
            case "min_zoom": dataset.cluster.minZoom = try value.int(in: 0...30)
            case "max_zoom": dataset.cluster.maxZoom = try value.int(in: 0...30)
            case "min_points": dataset.cluster.minPoints = try value.int(in: 2...1_000_000)
            case "aggregates": dataset.aggregates = try aggregates(value)
            case "style": dataset.style = try value.string()
            case "label":
                guard let label = LabelMode(rawValue: try value.string()) else { throw ConfigError(value.path, "expected exact, bucket or abbrev") }
                dataset.label = label
            case "marker": dataset.marker = try marker(value)
            case "card": dataset.card = try card(value)
            case "minzoom": dataset.minzoom = try value.int(in: 0...TileID.maximumZoom)
            case "maxzoom": dataset.maxzoom = try value.int(in: 0...TileID.maximumZoom)
            case "filter":
                do { dataset.filter = try PointFilter(parsing: try value.string()) } catch let error as FilterError {
                    throw ConfigError(value.path, error.description)
                }
            case "categories": try categories(value, into: &dataset)
            case "filter_cache": dataset.filterCache = try filterCache(value)
            case "parts":
                let text = try value.string()
                guard text == "none" || PartsLook(rawValue: text) != nil else {
                    throw ConfigError(value.path, "expected donut, pie, dominant or none")
                }
                dataset.parts = PartsLook(rawValue: text)
            default: dataset.attribution = try value.string()
            }
        }
        if let problem = dataset.cluster.problem { throw ConfigError(node.path, problem) }
        guard dataset.minzoom <= dataset.maxzoom else { throw ConfigError(node.path + ".minzoom", "is above maxzoom (\(dataset.maxzoom))") }
        return dataset
    }

    private static func postgresQuery(_ node: ConfigNode, directory: String, warnings: inout [String]) throws -> PostgresPointQuery {
        var url: String?, sql: String?
        var query = PostgresPointQuery(url: "", query: "")
        var passwordWarning: String?
        try node.fields(["url", "query", "id", "lon", "lat", "timeout", "listen", "password_file"], nullable: ["id"]) { key, value in
            switch key {
            case "url": url = try value.string()
            case "password_file":
                do {
                    let file = try SecretFile.read(path: resolve(try value.string(), in: directory))
                    query.password = file.secret
                    passwordWarning = file.warning
                } catch let problem as SecretFile.Problem {
                    throw ConfigError(value.path, problem.description)
                }
            case "query": sql = try value.string()
            case "id": query.idColumn = value.isNull ? nil : try value.string()
            case "lon": query.longitudeColumn = try value.string()
            case "lat": query.latitudeColumn = try value.string()
            case "listen":
                let channel = try value.string()
                if let problem = PostgresChannelName.problem(with: channel) { throw ConfigError(value.path, problem) }
                query.listen = channel
            default: query.timeout = .milliseconds(Int64(try value.seconds(in: timeoutRange) * 1000))
            }
        }
        guard let url, url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
            throw ConfigError(node.path + ".url", "expected a postgres:// URL")
        }
        guard let sql, !sql.isEmpty else { throw ConfigError(node.path + ".query", "expected the query returning id, lon, lat and properties") }
        query.url = url
        query.query = sql
        if let passwordWarning { warnings.append(passwordWarning) }
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

    /// `categories: {property: kind, values: [restaurant, cafe], colors: {restaurant: "#e6194b"}, other: "#9e9e9e"}`.
    private static func categories(_ node: ConfigNode, into dataset: inout Dataset) throws {
        var spec = CategorySpec(property: "")
        try node.fields(["property", "values", "colors", "other"]) { key, value in
            switch key {
            case "property": spec.property = try value.string()
            case "values": spec.values = try value.strings()
            case "colors":
                for (name, colour) in try value.entries() { dataset.categoryColors[name] = try color(colour) }
            default: dataset.otherColor = try color(value)
            }
        }
        guard !spec.property.isEmpty else { throw ConfigError(node.path + ".property", "categories need the property they count by") }
        if let problem = spec.problem { throw ConfigError(node.path + ".values", problem) }
        if let values = spec.values, let stray = dataset.categoryColors.keys.sorted().first(where: { !values.contains($0) && $0 != CategoryTable.otherName }) {
            throw ConfigError(node.path + ".colors.\(stray)", "is not one of the values")
        }
        dataset.categories = spec
    }

    /// `filter_cache: {items: 32, max_size: 256MB}`.
    private static func filterCache(_ node: ConfigNode) throws -> Dataset.FilterCacheLimits {
        var limits = Dataset.FilterCacheLimits()
        try node.fields(["items", "max_size"]) { key, value in
            switch key {
            case "items": limits.items = try value.int(in: 0...10_000)
            default: limits.maxBytes = try value.bytes(in: 0...Int.max)
            }
        }
        return limits
    }

    private static func marker(_ node: ConfigNode) throws -> PointMarker {
        var marker = PointMarker()
        try node.fields(["fill", "stroke", "radius", "stroke_width"]) { key, value in
            switch key {
            case "fill": marker.fill = try color(value)
            case "stroke": marker.stroke = try color(value)
            case "radius":
                marker.radius = try value.double()
                guard (1...64).contains(marker.radius) else { throw ConfigError(value.path, "expected a radius in 1…64 points") }
            default:
                marker.strokeWidth = try value.double()
                guard (0...32).contains(marker.strokeWidth) else { throw ConfigError(value.path, "expected a width in 0…32 points") }
            }
        }
        return marker
    }

    private static func color(_ node: ConfigNode) throws -> Color {
        do { return try Color(parsing: try node.string()) } catch { throw ConfigError(node.path, "\(error)") }
    }

    private static func card(_ node: ConfigNode) throws -> CardTemplate {
        var template = CardTemplate(title: "")
        try node.fields(["title", "subtitle", "image"]) { key, value in
            switch key {
            case "title": template.title = try value.string()
            case "subtitle": template.subtitle = try value.string()
            default: template.image = try value.string()
            }
        }
        guard !template.title.isEmpty else { throw ConfigError(node.path + ".title", "a card needs a title, e.g. \"{name}\"") }
        return template
    }
}
