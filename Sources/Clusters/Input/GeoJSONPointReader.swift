/// Reads a GeoJSON FeatureCollection of Point features, or a single Feature, in one pass over the
/// input, a window at a time (``InputWindow``): the features of a collection one by one, each from
/// a window that holds all of it. Members may come in any order; foreign members (`bbox`, `crs`, …)
/// are skipped. Each feature's `id` and `properties` are kept as the bytes they are written as.
/// A single Feature's members may be anywhere in its text, so once the top-level object shows one
/// (`id`, `properties`) the window keeps everything from there on.
///
/// A feature that is not a usable point is an invalid record; text that is not JSON, or JSON that
/// is not a FeatureCollection or Feature, is fatal.
enum GeoJSONPointReader {
    static func read(_ window: InputWindow) throws(PointReadError) -> PointReadResult {
        var reader = GeoJSONTextReader(window: window)
        try reader.read()
        return reader.collector.result(.geojson)
    }
}

/// The state of reading one GeoJSON text: where in the window reading is, and what it has found.
private struct GeoJSONTextReader {
    let window: InputWindow
    /// The window's text, and the offset in it of what is still to be read.
    private var text: UnsafeBufferPointer<UInt8>
    private var position = 0
    /// Whether the window keeps its whole text from now on (offsets into it stay valid).
    private var isPinned = false
    /// Where in the text the offsets the last ``step(fromCursor:_:)`` returned count from.
    private var stepStart = 0
    private(set) var collector: PointCollector

    init(window: InputWindow) {
        self.window = window
        text = window.text
        collector = PointCollector(source: window.name, recordKind: "feature", window: window)
    }

    /// Reads the top-level object: its members, the features of its `features` array one by one.
    mutating func read() throws(PointReadError) {
        guard let first = try step({ scanner throws(JSONSyntaxError) in scanner.peek() }) else { return }
        guard first == UInt8(ascii: "{") else {
            throw malformed("expected a GeoJSON FeatureCollection or Feature object, found \(JSONScanner.kind(startingWith: first))", at: window.place(at: position))
        }
        let start = window.place(at: position)
        position += 1
        var parts = GeoJSONFeatureParts()
        var hasFeatures = false
        if try step({ scanner throws(JSONSyntaxError) in scanner.peek() }) == UInt8(ascii: "}") {
            position += 1
        } else {
            while true {
                let member = try step { scanner throws(JSONSyntaxError) -> TopLevelMember in
                    guard scanner.peek() == UInt8(ascii: "\"") else { throw scanner.unexpected(expected: "a string key") }
                    let key = try scanner.scanString()
                    try scanner.expect(UInt8(ascii: ":"), "':' after an object key")
                    scanner.skipWhitespace()
                    if scanner.string(key, is: "features") { return .features }
                    let isRange = scanner.string(key, is: "id") || scanner.string(key, is: "properties")
                    if try !parts.read(member: key, from: &scanner, depth: 1) { try scanner.skipValue(depth: 1) }
                    return isRange ? .featureRange : .other
                }
                switch member {
                case .features:
                    hasFeatures = true
                    try readFeatures()
                case .featureRange:
                    isPinned = true
                case .other:
                    break
                }
                if try !separator(closing: UInt8(ascii: "}"), expected: "',' or '}' after an object member") { break }
            }
        }
        if let next = try step({ scanner throws(JSONSyntaxError) in scanner.peek() }) {
            let hint = next == UInt8(ascii: "{") ? " (one feature per line is the ndjson format)" : ""
            throw malformed("unexpected text after the GeoJSON object\(hint)", at: window.place(at: position))
        }
        switch parts.type {
        case .other("FeatureCollection"):
            guard hasFeatures else { throw malformed(#"the FeatureCollection has no "features""#, at: start) }
        case .feature:
            collector.removeAll()
            collector.add(parts, in: text, number: 1, start: .line(start.line), consumed: window.origin + text.count)
        case .other(let name):
            throw malformed(#"expected a GeoJSON FeatureCollection or Feature, found "type": "\#(name)""#, at: start)
        case .missing, .notAString:
            throw malformed(#"expected a GeoJSON FeatureCollection or Feature, found an object without a "type""#, at: start)
        }
    }

    /// A member of the top-level object: `features`, a Feature's `id` or `properties` (read as
    /// ranges of the text), or another.
    private enum TopLevelMember {
        case features, featureRange, other
    }

    /// A feature of the `features` array as read from the window.
    private enum Element {
        case fitted
        case feature(GeoJSONFeatureParts, Range<Int>)
        case other(kind: String, start: Int)
    }

    /// Reads the `features` array at the cursor, one feature at a time.
    private mutating func readFeatures() throws(PointReadError) {
        try step { scanner throws(JSONSyntaxError) in
            guard scanner.peek() == UInt8(ascii: "[") else {
                let kind = scanner.peek().map(JSONScanner.kind(startingWith:)) ?? "nothing"
                throw scanner.error(#""features" is not an array (got \#(kind))"#)
            }
            scanner.position += 1
        }
        if try step({ scanner throws(JSONSyntaxError) in scanner.peek() }) == UInt8(ascii: "]") {
            position += 1
            return
        }
        var number = 0
        var layout = FeatureLayout()
        while true {
            number += 1
            if let more = readFitted(&layout) {
                if !more { return }
                continue
            }
            let element = try step(fromCursor: true) { scanner throws(JSONSyntaxError) -> Element in
                scanner.skipWhitespace()
                let start = scanner.position
                if layout.fits(&scanner) { return .fitted }
                if scanner.peek() == UInt8(ascii: "{") {
                    let feature = try scanner.scanFeature(depth: 2)
                    return .feature(feature, start..<scanner.position)
                }
                let kind = JSONScanner.kind(startingWith: scanner.peek() ?? 0)
                try scanner.skipValue(depth: 2)
                return .other(kind: kind, start: start)
            }
            // The element's offsets count from where the step started (``step(fromCursor:_:)``).
            let base = stepStart
            let elementText = UnsafeBufferPointer(rebasing: text[base...])
            let consumed = window.origin + position
            switch element {
            case .fitted:
                layout.add(to: &collector, in: elementText, consumed: consumed)
            case .feature(let feature, let range):
                collector.add(feature, in: elementText, number: number, start: .offset(base + range.lowerBound), consumed: consumed)
                layout.missed(feature, in: elementText, range: range, depth: 2)
            case .other(let kind, let start):
                collector.reject(at: .offset(base + start), number: number, problem: "not a Feature (got \(kind))")
            }
            if try !separator(closing: UInt8(ascii: "]"), expected: "',' or ']' after an array element") { return }
        }
    }

    /// Reads the feature at the cursor and the `,` (true) or `]` (false) after it when the
    /// layout fits it and the window holds both: the way most features are read, without a
    /// ``step(_:)`` each. Nil, reading nothing, when not.
    @inline(__always)
    private mutating func readFitted(_ layout: inout FeatureLayout) -> Bool? {
        var scanner = JSONScanner(text, position: position)
        scanner.skipWhitespace()
        guard layout.fits(&scanner) else { return nil }
        let separator = scanner.peek()
        guard separator == UInt8(ascii: ",") || separator == UInt8(ascii: "]") else { return nil }
        layout.add(to: &collector, in: text, consumed: window.origin + scanner.position)
        position = scanner.position + 1
        return separator == UInt8(ascii: ",")
    }

    /// Reads the `,` (true) or the `closing` bracket (false) after a member or element.
    private mutating func separator(closing: UInt8, expected: String) throws(PointReadError) -> Bool {
        try step { scanner throws(JSONSyntaxError) -> Bool in
            switch scanner.peek() {
            case UInt8(ascii: ","): scanner.position += 1; return true
            case closing: scanner.position += 1; return false
            default: throw scanner.unexpected(expected: expected)
            }
        }
    }

    /// Runs `body` on a scanner at the cursor and moves the cursor past what it read, once the
    /// window holds all of it and the byte after it (so that nothing read was cut at the window's
    /// end). When the window does not, reads on and runs `body` again: `body` must change nothing
    /// but the scanner and what it returns. A syntax error in a token the window's end cuts
    /// (``JSONTokenEnd``) is read on from too; any other is the input's.
    ///
    /// With `fromCursor`, the scanner's text starts at the cursor (``stepStart`` after the step),
    /// so that offsets `body` returns count from there, and an error, which its scanner places by
    /// counting from its text's start, costs the bytes since the cursor rather than the window's.
    @inline(__always)
    private mutating func step<Value>(
        fromCursor: Bool = false, _ body: (inout JSONScanner) throws(JSONSyntaxError) -> Value
    ) throws(PointReadError) -> Value {
        while true {
            let base = fromCursor ? position : 0
            var scanner = JSONScanner(UnsafeBufferPointer(rebasing: text[base...]), position: position - base)
            do throws(JSONSyntaxError) {
                let value = try body(&scanner)
                if window.isComplete || scanner.peek() != nil {
                    stepStart = base
                    position = base + scanner.position
                    return value
                }
            } catch {
                let offset = base + error.offset
                if window.isComplete || JSONTokenEnd.isWithin(text, tokenAt: offset, scannedFrom: position) {
                    throw malformed(error.reason, at: window.place(at: offset))
                }
            }
            try readOn()
        }
    }

    /// Lets go of the text before the cursor (unless the window is pinned) and reads on.
    private mutating func readOn() throws(PointReadError) {
        let kept = isPinned ? 0 : position
        try window.advance(keepingFrom: kept)
        position -= kept
        text = window.text
    }

    private func malformed(_ reason: String, at place: (line: Int, column: Int)) -> PointReadError {
        .malformed("\(window.name):\(place.line):\(place.column): \(reason)")
    }
}
