#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads newline-delimited GeoJSON: one Feature per line, blank lines skipped, RFC 7464 record
/// separators (0x1E) allowed before each feature. A line that is not JSON is an invalid record, and
/// reading goes on with the next line. Lines are read from the window they are complete in.
enum NDJSONPointReader {
    static func read(_ window: InputWindow) throws(PointReadError) -> PointReadResult {
        var collector = PointCollector(source: window.name, recordKind: "feature", window: window)
        var number = 0
        var lineNumber = 0
        var layout = FeatureLayout()
        while true {
            let text = window.text
            var lineStart = 0
            while lineStart < text.count {
                let base = UnsafeRawPointer(text.baseAddress!)
                let lineEnd: Int
                if let lineFeed = memchr(base + lineStart, 0x0A, text.count - lineStart) {
                    lineEnd = base.distance(to: UnsafeRawPointer(lineFeed))
                } else if window.isComplete {
                    lineEnd = text.count
                } else {
                    break
                }
                lineNumber += 1
                readLine(
                    UnsafeBufferPointer(rebasing: text[lineStart..<lineEnd]), lineNumber: lineNumber,
                    consumed: window.origin + lineEnd, number: &number, layout: &layout, into: &collector
                )
                lineStart = lineEnd + 1
            }
            if window.isComplete { return collector.result(.ndjson) }
            try window.advance(keepingFrom: min(lineStart, text.count))
        }
    }

    /// Reads the features of one line (usually one; more when record separators split it), by
    /// the layout of the features before it where it fits.
    private static func readLine(
        _ line: UnsafeBufferPointer<UInt8>, lineNumber: Int, consumed: Int, number: inout Int,
        layout: inout FeatureLayout, into collector: inout PointCollector
    ) {
        var scanner = JSONScanner(line)
        while true {
            while scanner.peek() == 0x1E { scanner.position += 1 }
            guard let first = scanner.peek() else { return }
            number += 1
            do throws(JSONSyntaxError) {
                if first == UInt8(ascii: "{") {
                    if layout.fits(&scanner) {
                        try checkEnd(&scanner)
                        layout.add(to: &collector, in: line, consumed: consumed)
                        continue
                    }
                    let start = scanner.position
                    let feature = try scanner.scanFeature(depth: 0)
                    let end = scanner.position
                    try checkEnd(&scanner)
                    collector.add(feature, in: line, number: number, start: .line(lineNumber), consumed: consumed)
                    layout.missed(feature, in: line, range: start..<end, depth: 0)
                } else {
                    try scanner.skipValue(depth: 0)
                    try checkEnd(&scanner)
                    let kind = JSONScanner.kind(startingWith: first)
                    collector.reject(at: .line(lineNumber), number: number, problem: "not a Feature (got \(kind))")
                }
            } catch {
                collector.reject(
                    at: .line(lineNumber), number: number,
                    problem: "line is not valid JSON: \(error.reason) (column \(error.column))"
                )
                return
            }
        }
    }

    /// Checks that the feature just read ends its line or is followed by a record separator.
    private static func checkEnd(_ scanner: inout JSONScanner) throws(JSONSyntaxError) {
        guard let next = scanner.peek(), next != 0x1E else { return }
        throw scanner.error("unexpected text after the feature")
    }
}
