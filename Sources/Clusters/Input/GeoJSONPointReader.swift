/// Reads a GeoJSON FeatureCollection of Point features, or a single Feature, in one pass over the
/// bytes. Members may come in any order; foreign members (`bbox`, `crs`, …) are skipped. Each
/// feature's `id` and `properties` are kept as the bytes they are written as.
///
/// A feature that is not a usable point is an invalid record; text that is not JSON, or JSON that
/// is not a FeatureCollection or Feature, is fatal.
enum GeoJSONPointReader {
    static func read(_ text: UnsafeBufferPointer<UInt8>, source: String) throws(PointReadError) -> PointReadResult {
        var collector = PointCollector(source: source, recordKind: "feature", text: text)
        do {
            try read(text, into: &collector)
        } catch {
            throw .malformed("\(source):\(error.line):\(error.column): \(error.reason)")
        }
        return collector.result(.geojson)
    }

    private static func read(_ text: UnsafeBufferPointer<UInt8>, into collector: inout PointCollector) throws(JSONSyntaxError) {
        var scanner = JSONScanner(text)
        guard let first = scanner.peek() else { return }
        guard first == UInt8(ascii: "{") else {
            throw scanner.error("expected a GeoJSON FeatureCollection or Feature object, found \(JSONScanner.kind(startingWith: first))")
        }
        let start = scanner.position
        var parts = GeoJSONFeatureParts()
        var hasFeatures = false
        try scanner.scanObject(depth: 0) { scanner, key throws(JSONSyntaxError) in
            if scanner.string(key, is: "features") {
                hasFeatures = true
                try readFeatures(&scanner, into: &collector)
            } else if try !parts.read(member: key, from: &scanner, depth: 1) {
                try scanner.skipValue(depth: 1)
            }
        }
        if scanner.peek() != nil {
            let hint = scanner.peek() == UInt8(ascii: "{") ? " (one feature per line is the ndjson format)" : ""
            throw scanner.error("unexpected text after the GeoJSON object\(hint)")
        }
        switch parts.type {
        case .other("FeatureCollection"):
            guard hasFeatures else { throw scanner.error(#"the FeatureCollection has no "features""#, at: start) }
        case .feature:
            collector.removeAll()
            collector.add(parts, in: text, number: 1, start: .offset(start), consumed: text.count)
        case .other(let name):
            throw scanner.error(#"expected a GeoJSON FeatureCollection or Feature, found "type": "\#(name)""#, at: start)
        case .missing, .notAString:
            throw scanner.error(#"expected a GeoJSON FeatureCollection or Feature, found an object without a "type""#, at: start)
        }
    }

    /// Reads the `features` array at the cursor.
    private static func readFeatures(_ scanner: inout JSONScanner, into collector: inout PointCollector) throws(JSONSyntaxError) {
        guard scanner.peek() == UInt8(ascii: "[") else {
            let kind = scanner.peek().map(JSONScanner.kind(startingWith:)) ?? "nothing"
            throw scanner.error(#""features" is not an array (got \#(kind))"#)
        }
        var number = 0
        var layout = FeatureLayout()
        try scanner.scanArray(depth: 1) { scanner throws(JSONSyntaxError) in
            number += 1
            let start = scanner.position
            if layout.fits(&scanner) { return layout.add(to: &collector, in: scanner.bytes) }
            if scanner.peek() == UInt8(ascii: "{") {
                let feature = try scanner.scanFeature(depth: 2)
                collector.add(feature, in: scanner.bytes, number: number, start: .offset(start), consumed: scanner.position)
                layout.missed(feature, in: scanner.bytes, range: start..<scanner.position, depth: 2)
            } else {
                let kind = JSONScanner.kind(startingWith: scanner.peek() ?? 0)
                try scanner.skipValue(depth: 2)
                collector.reject(at: .offset(start), number: number, problem: "not a Feature (got \(kind))")
            }
        }
    }
}
