/// Reads point datasets: GeoJSON, newline-delimited GeoJSON, CSV and TSV, into a `PointSet`.
///
/// ```swift
/// let result = try PointReader.read(path: "cities.csv")
/// for problem in result.invalid { print("error: \(problem)") }   // cities.csv:17: row 16: …
/// let index = ClusterIndex(points: result.points, …)
/// ```
public enum PointReader {
    /// Reads the file at `path`, or standard input when `path` is `-` (named `<stdin>` in
    /// messages). The format is `options.format`, else the one the extension names, else the one
    /// the first bytes look like.
    ///
    /// The file is read a window at a time (`InputWindow`): memory holds the window and the
    /// points, not the file. A GeoJSON FeatureCollection is read feature by feature; a single
    /// Feature, or a FeatureCollection with `id`, `properties` or `geometry` members of its own,
    /// is kept whole from there on (its members may be anywhere in it).
    ///
    /// - Throws: `PointReadError.unreadable` when the file cannot be read (or shrinks while it is),
    ///   `.malformed` when it is not in a readable form (empty or blank, a JSON syntax error, a
    ///   CSV header without coordinates).
    public static func read(path: String, options: PointReadOptions = PointReadOptions()) throws(PointReadError) -> PointReadResult {
        try read(InputWindow(path: path), options: options)
    }

    /// Reads points from `bytes`; `source` names them in messages and, through its extension,
    /// chooses the format when `options.format` does not.
    public static func read(bytes: [UInt8], source: String, options: PointReadOptions = PointReadOptions()) throws(PointReadError) -> PointReadResult {
        try bytes.withUnsafeBytes { raw in
            Result { () throws(PointReadError) in try read(bytes: raw, source: source, options: options) }
        }.get()
    }

    /// Reads points from `bytes`; `source` names them in messages and, through its extension,
    /// chooses the format when `options.format` does not.
    public static func read(bytes: UnsafeRawBufferPointer, source: String, options: PointReadOptions = PointReadOptions()) throws(PointReadError) -> PointReadResult {
        try read(InputWindow(bytes: bytes, name: source), options: options)
    }

    /// Reads points from the text of `window`, named in messages by its name.
    static func read(_ window: InputWindow, options: PointReadOptions) throws(PointReadError) -> PointReadResult {
        window.skipByteOrderMark()
        while !window.isComplete, window.text.allSatisfy(EmptyInput.isBlank) { try window.advance(keepingFrom: 0) }
        let named = options.format ?? PointFormat(path: window.name)
        let format = if let named { named } else { try PointFormat.sniffed(from: window) }
        if window.text.allSatisfy(EmptyInput.isBlank) {
            throw EmptyInput.error(source: window.name, format: format, bytes: window.origin + window.text.count)
        }
        switch format {
        case .geojson: return try GeoJSONPointReader.read(window)
        case .ndjson: return try NDJSONPointReader.read(window)
        case .csv: return try CSVPointReader.read(window, delimiter: nil, options: options)
        case .tsv: return try CSVPointReader.read(window, delimiter: 0x09, options: options)
        }
    }
}
