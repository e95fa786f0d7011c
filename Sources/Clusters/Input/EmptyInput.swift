/// An input with nothing in it but white space: never an empty dataset, since a file caught while
/// it is being written (created, not yet filled) looks just like that. A dataset with no points is
/// written out whole: `{"type":"FeatureCollection","features":[]}`, or a CSV header alone.
enum EmptyInput {
    /// Space, tab, carriage return or line feed.
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }

    /// `cities.geojson: the file is empty (0 bytes); expected a GeoJSON FeatureCollection`.
    static func error(source: String, format: PointFormat, bytes: Int) -> PointReadError {
        let what = source == InputWindow.standardInputName ? "the input" : "the file"
        let content = bytes == 0 ? "is empty (0 bytes)" : "holds only white space (\(bytes) bytes)"
        return .malformed("\(source): \(what) \(content); expected \(expectation(format))")
    }

    private static func expectation(_ format: PointFormat) -> String {
        switch format {
        case .geojson: #"a GeoJSON FeatureCollection (a dataset without points is {"type":"FeatureCollection","features":[]})"#
        case .ndjson: "one GeoJSON Feature per line"
        case .csv, .tsv: "a header row naming the longitude and latitude columns"
        }
    }
}
