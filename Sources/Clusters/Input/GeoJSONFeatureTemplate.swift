#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The layout the features of a FeatureCollection repeat, learned from one feature read in full:
/// its bytes, with the values that change from feature to feature taken out as slots (the `id`,
/// each top-level value of `properties`, the two coordinates).
///
/// A feature whose bytes are the template's outside the slots, with a value of the slot's kind
/// starting right at each slot, is the learned feature with other values: the full reader would
/// walk the same members in the same order and find the same things. So it is read by comparing
/// bytes and scanning the values alone, and its properties come already split into their values.
/// Anything else (another layout, other whitespace, a `null` id, a coordinate out of range, bad
/// JSON) does not match, and the full reader reads it as before, with the same result and the
/// same errors.
struct GeoJSONFeatureTemplate {
    /// What a slot holds.
    private enum Slot {
        /// The `id`: a string or a number.
        case id
        /// A top-level value of `properties`: any JSON value.
        case propertyValue
        /// A coordinate: a number within the axis's range.
        case coordinate(CoordinateAxis)
    }

    /// A place in the template's text: which piece, and how far into it.
    private struct Place {
        let piece: Int
        let offset: Int
    }

    /// The bytes outside the slots, end to end.
    private let literal: [UInt8]
    /// Where each piece of `literal` ends: the bytes before the first slot, between slots, and
    /// after the last.
    private let pieceEnds: [Int]
    /// The slot after each piece but the last.
    private let slots: [Slot]
    /// Where the `properties` object's `{` and `}` are; nil when the feature has none (or `null`).
    private let properties: (open: Place, close: Place)?
    /// How deep the feature lies in the text (the depth the full reader read it at).
    private let depth: Int

    /// The most bytes a template keeps: larger features are read in full.
    static let byteLimit = 4_096

    /// Learns the layout of `feature`, which the full reader read at `depth` from `text` (its
    /// bytes `range`) and found to be a point; nil when it is not one or is too large.
    init?(learning feature: GeoJSONFeatureParts, in text: UnsafeBufferPointer<UInt8>, range: Range<Int>, depth: Int) {
        guard range.count <= Self.byteLimit, feature.problem == nil,
            let coordinates = feature.coordinateSpans else { return nil }
        var spans: [(Range<Int>, Slot)] = [(coordinates.longitude, .coordinate(.longitude)), (coordinates.latitude, .coordinate(.latitude))]
        if let id = feature.id { spans.append((id, .id)) }
        if let properties = feature.properties {
            var scanner = JSONScanner(text, position: properties.lowerBound)
            do throws(JSONSyntaxError) {
                try scanner.scanObject(depth: depth + 1) { scanner, _ throws(JSONSyntaxError) in
                    spans.append((try scanner.skipValueSpan(depth: depth + 2), .propertyValue))
                }
            } catch {
                return nil
            }
        }
        spans.sort { $0.0.lowerBound < $1.0.lowerBound }
        var literal: [UInt8] = []
        var pieceEnds: [Int] = []
        var previous = range.lowerBound
        func place(of offset: Int) -> Place {
            let piece = spans.firstIndex { $0.0.lowerBound > offset } ?? spans.count
            let pieceStart = piece == 0 ? range.lowerBound : spans[piece - 1].0.upperBound
            return Place(piece: piece, offset: offset - pieceStart)
        }
        for (span, _) in spans {
            literal.append(contentsOf: UnsafeBufferPointer(rebasing: text[previous..<span.lowerBound]))
            pieceEnds.append(literal.count)
            previous = span.upperBound
        }
        literal.append(contentsOf: UnsafeBufferPointer(rebasing: text[previous..<range.upperBound]))
        pieceEnds.append(literal.count)
        self.literal = literal
        self.pieceEnds = pieceEnds
        slots = spans.map(\.1)
        properties = feature.properties.map { (place(of: $0.lowerBound), place(of: $0.upperBound - 1)) }
        self.depth = depth
    }

    /// Reads the feature at the scanner's cursor into `match` when it has this layout; false, with
    /// the cursor left where it was, when it does not.
    func match(_ scanner: inout JSONScanner, into match: inout GeoJSONTemplateMatch) -> Bool {
        let text = scanner.bytes
        var position = scanner.position
        var propertiesStart = 0
        match.propertyValues.removeAll(keepingCapacity: true)
        match.id = nil
        match.properties = nil
        return literal.withUnsafeBufferPointer { literal in
            for piece in 0..<pieceEnds.count {
                let pieceStart = piece == 0 ? 0 : pieceEnds[piece - 1]
                let length = pieceEnds[piece] - pieceStart
                guard text.count - position >= length,
                    length == 0 || memcmp(literal.baseAddress! + pieceStart, text.baseAddress! + position, length) == 0
                else { return false }
                if let properties {
                    if properties.open.piece == piece { propertiesStart = position + properties.open.offset }
                    if properties.close.piece == piece {
                        match.properties = propertiesStart..<(position + properties.close.offset + 1)
                    }
                }
                position += length
                guard piece < slots.count else { break }
                guard position < text.count, let end = readSlot(slots[piece], in: text, at: position, into: &match, propertiesStart: propertiesStart)
                else { return false }
                position = end
            }
            scanner.position = position
            return true
        }
    }

    /// Reads the value of `slot` starting at `position`; where it ends, nil when it is not a
    /// value of the slot's kind starting right there.
    @inline(__always)
    private func readSlot(
        _ slot: Slot, in text: UnsafeBufferPointer<UInt8>, at position: Int, into match: inout GeoJSONTemplateMatch,
        propertiesStart: Int
    ) -> Int? {
        let first = text[position]
        var scanner = JSONScanner(text, position: position)
        switch slot {
        case .id:
            guard first == UInt8(ascii: "\"") || JSONScanner.startsNumber(first), (try? scanner.skipValue(depth: depth + 1)) != nil else { return nil }
            match.id = position..<scanner.position
        case .propertyValue:
            guard !JSONScanner.isWhitespace(first), (try? scanner.skipValue(depth: depth + 2)) != nil else { return nil }
            match.propertyValues.append((position - propertiesStart)..<(scanner.position - propertiesStart))
        case .coordinate(let axis):
            guard JSONScanner.startsNumber(first), let value = try? scanner.scanNumber(), abs(value) <= axis.limit else { return nil }
            if axis == .longitude { match.longitude = value } else { match.latitude = value }
        }
        return scanner.position
    }

}

/// What a ``GeoJSONFeatureTemplate`` read of a feature, reused from feature to feature.
struct GeoJSONTemplateMatch {
    var id: Range<Int>?
    /// The `properties` object's bytes; nil when the feature has none.
    var properties: Range<Int>?
    /// Each top-level value of `properties`, counted from its `{`.
    var propertyValues: [Range<Int>] = []
    var longitude = 0.0
    var latitude = 0.0
}

extension PointCollector {
    /// Adds the feature a template read from `text`; `consumed` is how far into the input
    /// reading has got.
    @inline(__always)
    mutating func add(_ feature: GeoJSONTemplateMatch, in text: UnsafeBufferPointer<UInt8>, consumed: Int) {
        let id = feature.id.map { UnsafeBufferPointer(rebasing: text[$0]) }
        featuresByLayout += 1
        guard let properties = feature.properties else {
            return add(longitude: feature.longitude, latitude: feature.latitude, id: id, properties: nil, consumed: consumed)
        }
        feature.propertyValues.withUnsafeBufferPointer { values in
            let object = SplitObjectText(text: UnsafeBufferPointer(rebasing: text[properties]), values: values)
            add(longitude: feature.longitude, latitude: feature.latitude, id: id, properties: object, consumed: consumed)
        }
    }
}

/// The template a reader of many features keeps: tried on each feature, learned again from a
/// feature it did not fit, less and less often while features keep not fitting (a collection
/// whose features all differ costs little more than the full reader).
///
/// `CAIRN_POINTS_LAYOUT=0` (also `false`, `off`, `no`) in the environment turns it off: every
/// feature is read in full, with the same result, only slower.
struct FeatureLayout {
    /// Whether templates are learned at all.
    private let learns: Bool = {
        guard let value = getenv("CAIRN_POINTS_LAYOUT") else { return true }
        return !["0", "false", "off", "no"].contains(String(cString: value).lowercased())
    }()
    private var template: GeoJSONFeatureTemplate?
    /// What the template read of the last feature it fitted.
    private var match = GeoJSONTemplateMatch()
    /// Features read in full since the template last fitted one.
    private var misses = 0

    /// Reads the feature at the cursor when the template fits it, for ``add(to:in:consumed:)``;
    /// false, reading nothing, when it does not.
    @inline(__always)
    mutating func fits(_ scanner: inout JSONScanner) -> Bool {
        guard template?.match(&scanner, into: &match) == true else { return false }
        misses = 0
        return true
    }

    /// Adds the feature the template last fitted, read from `text`, to `collector`. Mutating
    /// only to read the layout where it is: readers keep it in a closure's box, and a call that
    /// does not mutate copies it out of there (retaining and releasing its arrays) every feature.
    @inline(__always)
    mutating func add(to collector: inout PointCollector, in text: UnsafeBufferPointer<UInt8>, consumed: Int) {
        collector.add(match, in: text, consumed: consumed)
    }

    /// Learns from `feature`, read in full from `range` of `text` at `depth`, after the template
    /// did not fit it: from every one of the first misses in a row, then from every 64th.
    mutating func missed(_ feature: GeoJSONFeatureParts, in text: UnsafeBufferPointer<UInt8>, range: Range<Int>, depth: Int) {
        misses += 1
        guard learns, misses <= 16 || misses.isMultiple(of: 64) else { return }
        if let learned = GeoJSONFeatureTemplate(learning: feature, in: text, range: range, depth: depth) { template = learned }
    }
}
