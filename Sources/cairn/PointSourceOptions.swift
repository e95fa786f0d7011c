import ArgumentParser
#if os(Linux)
import CMalloc
#endif
import Clusters

/// How a command reads a points file and which of its points and properties it takes: the
/// format and columns, invalid records, `--filter`, `--categories` and `--aggregate` (`clusters`,
/// `grid`).
struct PointSourceOptions: ParsableArguments {
    @Option(name: .customLong("points-format"), help: ArgumentHelp("geojson, ndjson or csv (default: from the extension, else sniffed).", valueName: "FORMAT"))
    var format: PointFormat?

    @Option(name: .customLong("lon"), help: ArgumentHelp("The CSV longitude column (default: lon, lng, long, longitude or x).", valueName: "COLUMN"))
    var longitudeColumn: String?

    @Option(name: .customLong("lat"), help: ArgumentHelp("The CSV latitude column (default: lat, latitude or y).", valueName: "COLUMN"))
    var latitudeColumn: String?

    @Option(name: .customLong("id-column"), help: ArgumentHelp("The CSV column that becomes the feature id (default: id, when there is one).", valueName: "COLUMN"))
    var idColumn: String?

    @Flag(name: .customLong("skip-invalid"), help: "Report invalid records as warnings, skip them and go on (else they fail the run, exit 65).")
    var skipInvalid = false

    @Option(name: .customLong("aggregate"), help: ArgumentHelp("A cluster property over a numeric point property: NAME=sum|min|max|mean:PROPERTY (repeatable).", valueName: "SPEC"))
    var aggregateSpecs: [String] = []

    @Option(help: ArgumentHelp("Only the points this CQL2 filter matches, e.g. \"population >= 1000000 AND country IN ('DE','FR')\".", valueName: "EXPR"))
    var filter: String?

    @Option(help: ArgumentHelp("Count each cluster's points by this property: PROPERTY, or PROPERTY=VALUE,VALUE… (the rest count as 'other').", valueName: "SPEC"))
    var categories: String?

    func validate() throws {
        _ = try aggregates()
        _ = try categorySpec()
        if let filter {
            do { _ = try PointFilter(parsing: filter) } catch { throw ValidationError(error.description) }
        }
    }

    /// The `--categories` spec, nil without one.
    func categorySpec() throws -> CategorySpec? {
        do { return try categories.map { text throws(CategorySpecError) in try CategorySpec(parsing: text) } } catch {
            throw ValidationError("--categories \(error)")
        }
    }

    /// The `--filter`, parsed; nil without one.
    func pointFilter() throws -> PointFilter? {
        do { return try filter.map { text throws(FilterError) in try PointFilter(parsing: text) } } catch {
            throw CLIError.usage(error.description)
        }
    }

    /// Clusters `points` with `options` and these aggregates and categories, only the points
    /// `--filter` matches, on `threads` threads (the same index on any number).
    func index(_ points: PointSet, options: ClusterOptions, threads: Int = 1) throws -> ClusterIndex {
        do {
            return try ClusterIndex.build(points: points, options: options, aggregates: aggregates(),
                                          categories: categorySpec(), filter: pointFilter(), threads: threads)
        } catch let error as FilterError {
            throw CLIError.usage(error.description)
        } catch let error as ClusterOptionsError {
            // A --categories property no point has, named with the properties they have (as --filter's).
            throw CLIError.usage(error.problem)
        }
    }

    func aggregates() throws -> [Aggregate] {
        try aggregateSpecs.map { spec in
            do { return try Aggregate(parsing: spec) } catch { throw ValidationError("--aggregate \(error)") }
        }
    }

    /// Reads `path` (`-` for stdin), reporting invalid records: each one is an `error:` line and
    /// the run fails with exit 65, or with --skip-invalid a `warning:` line and the record is left
    /// out. Also says how many features were read by their learned layout (for `--stats`).
    func readPoints(_ path: String) throws -> (points: PointSet, featuresByLayout: Int) {
        let options = PointReadOptions(format: format, longitudeColumn: longitudeColumn, latitudeColumn: latitudeColumn, idColumn: idColumn)
        try StandardInput.requireOpen(path, name: "<stdin>")
        let result: PointReadResult
        do {
            result = try PointReader.read(path: path, options: options)
        } catch {
            switch error {
            case .unreadable: throw CLIError.io(error.description)
            default: throw CLIError.data(error.description)
            }
        }
        // What the reader freed (its scratch, the columns' buffers outgrown) glibc keeps in its
        // heap, in pages the index would not reuse: given back now, 1M GeoJSON points peak 8 MiB lower.
        #if os(Linux)
        malloc_trim(0)
        #endif
        guard !result.invalid.isEmpty else { return (result.points, result.featuresByLayout) }
        let shown = 1000  // as GDAL: a file wrong on every line must not flood the terminal
        for record in result.invalid.prefix(shown) {
            skipInvalid ? Terminal.warning(record.description) : Terminal.error(record.description)
        }
        if result.invalid.count > shown {
            let name = path == "-" ? "<stdin>" : path
            let more = "\(name): \(result.invalid.count - shown) more invalid records"
            skipInvalid ? Terminal.warning(more) : Terminal.error(more)
        }
        guard skipInvalid else {
            throw CLIError.data("\(path == "-" ? "<stdin>" : path): \(result.invalid.count) invalid record\(result.invalid.count == 1 ? "" : "s"); fix them or pass --skip-invalid")
        }
        return (result.points, result.featuresByLayout)
    }
}

