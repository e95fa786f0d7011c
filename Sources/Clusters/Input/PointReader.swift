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
    /// The file is read into memory first (``InputFile``): one truncated meanwhile reads shorter.
    ///
    /// - Throws: `PointReadError.unreadable` when the file cannot be read, `.malformed` when it is
    ///   not in a readable form (empty or blank, a JSON syntax error, a CSV header without coordinates).
    public static func read(path: String, options: PointReadOptions = PointReadOptions()) throws(PointReadError) -> PointReadResult {
        let source = path == "-" ? InputFile.standardInputName : path
        return try InputFile.withBytes(atPath: path) { bytes throws(PointReadError) in
            try read(bytes: bytes, source: source, options: options)
        }
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
        var text = bytes.assumingMemoryBound(to: UInt8.self)
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = UnsafeBufferPointer(rebasing: text[3...]) }
        let format = options.format ?? PointFormat(path: source) ?? PointFormat.sniffed(from: text)
        if text.allSatisfy(EmptyInput.isBlank) { throw EmptyInput.error(source: source, format: format, bytes: bytes.count) }
        switch format {
        case .geojson: return try GeoJSONPointReader.read(text, source: source)
        case .ndjson: return NDJSONPointReader.read(text, source: source)
        case .csv: return try CSVPointReader.read(text, source: source, delimiter: nil, options: options)
        case .tsv: return try CSVPointReader.read(text, source: source, delimiter: 0x09, options: options)
        }
    }
}
