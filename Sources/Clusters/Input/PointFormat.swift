/// The file formats points are read from.
public enum PointFormat: String, Sendable, CaseIterable {
    /// A GeoJSON FeatureCollection of Point features, or a single Feature.
    case geojson
    /// Newline-delimited GeoJSON: one Feature per line (also RFC 7464 / RFC 8142 text sequences).
    case ndjson
    /// Comma-separated values with a header (RFC 4180); `;` or tab is used instead of `,` when the
    /// header holds more of it.
    case csv
    /// Tab-separated values with a header.
    case tsv

    /// The format a file's extension names (case-insensitive): `.geojson`, `.json`; `.ndjson`,
    /// `.geojsonl`, `.geojsons`, `.geojsonseq`, `.jsonl`; `.csv`; `.tsv`, `.tab`. Nil for others.
    public init?(path: String) {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "geojson", "json": self = .geojson
        case "ndjson", "geojsonl", "geojsons", "geojsonseq", "jsonl": self = .ndjson
        case "csv": self = .csv
        case "tsv", "tab": self = .tsv
        default: return nil
        }
    }

    /// The format `text` looks like, from its first non-space byte: `{` starting a line that
    /// mentions `"FeatureCollection"`, does not hold a whole JSON value, or is the only line →
    /// GeoJSON; `{` starting a line that holds one whole value followed by more lines, or a record
    /// separator → NDJSON; `[` → GeoJSON (to report it); anything else → CSV.
    static func sniffed(from text: UnsafeBufferPointer<UInt8>) -> PointFormat {
        sniffed(from: text, isWhole: true) ?? .geojson
    }

    /// The format the text of `window` looks like (``sniffed(from:)``), reading on until it holds
    /// enough of the first line to tell.
    static func sniffed(from window: InputWindow) throws(PointReadError) -> PointFormat {
        while true {
            if let format = sniffed(from: window.text, isWhole: window.isComplete) { return format }
            try window.advance(keepingFrom: 0)
        }
    }

    /// The format `text` looks like; nil when it is not all of the input and its first line,
    /// unfinished, could tell otherwise.
    private static func sniffed(from text: UnsafeBufferPointer<UInt8>, isWhole: Bool) -> PointFormat? {
        var scanner = JSONScanner(text)
        switch scanner.peek() {
        case 0x1E:
            return .ndjson
        case UInt8(ascii: "{"):
            break
        case UInt8(ascii: "["):
            return .geojson
        default:
            return .csv
        }
        let start = scanner.position
        var lineEnd = start
        while lineEnd < text.count, text[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        let window = UnsafeBufferPointer(rebasing: text[start..<min(lineEnd, start + 4096)])
        if window.firstRange(of: Array(#""FeatureCollection""#.utf8)) != nil { return .geojson }
        guard isWhole || lineEnd < text.count else { return nil }
        var rest = JSONScanner(text, position: lineEnd)
        if rest.peek() == nil { return isWhole ? .geojson : nil }
        var firstLine = JSONScanner(UnsafeBufferPointer(rebasing: text[start..<lineEnd]))
        guard (try? firstLine.skipValue(depth: 0)) != nil, firstLine.peek() == nil else { return .geojson }
        return .ndjson
    }
}
