/// The members of a GeoJSON Feature that make a point, gathered in whatever order they come: its
/// `type`, the byte ranges of its `id` and `properties` values (kept as they are written), and its
/// geometry.
struct GeoJSONFeatureParts {
    enum FeatureType: Equatable {
        case missing, feature, other(String), notAString(String)
    }

    var type = FeatureType.missing
    /// The `id` value's bytes; nil when absent or `null`.
    var id: Range<Int>?
    /// The `properties` object's bytes; nil when absent or `null`.
    var properties: Range<Int>?
    /// The geometry; nil when the member is absent.
    var geometry: PointGeometry?
    /// Where the point's coordinates are written; nil unless the geometry is a point.
    var coordinateSpans: CoordinateSpans?
    private var idProblem: String?
    private var propertiesProblem: String?

    /// Reads the member `key` when it is one of a Feature's (`type`, `id`, `properties`,
    /// `geometry`) and returns true; returns false, reading nothing, for any other.
    @inline(__always)
    mutating func read(member key: JSONStringSpan, from scanner: inout JSONScanner, depth: Int) throws(JSONSyntaxError) -> Bool {
        if scanner.string(key, is: "type") {
            guard scanner.peek() == UInt8(ascii: "\"") else {
                type = .notAString(scanner.peek().map(JSONScanner.kind(startingWith:)) ?? "")
                try scanner.skipValue(depth: depth)
                return true
            }
            let name = try scanner.scanString()
            type = scanner.string(name, is: "Feature") ? .feature : .other(scanner.string(name))
        } else if scanner.string(key, is: "properties") {
            let byte = scanner.peek() ?? 0
            let range = try scanner.skipValueSpan(depth: depth)
            (properties, propertiesProblem) = switch byte {
            case UInt8(ascii: "{"): (range, nil)
            case UInt8(ascii: "n"): (nil, nil)
            default: (nil, "properties is not an object or null (got \(JSONScanner.kind(startingWith: byte)))")
            }
        } else if scanner.string(key, is: "geometry") {
            geometry = try scanner.scanPointGeometry(depth: depth, coordinateSpans: &coordinateSpans)
        } else if scanner.string(key, is: "id") {
            let byte = scanner.peek() ?? 0
            let range = try scanner.skipValueSpan(depth: depth)
            (id, idProblem) = switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): (range, nil)
            case UInt8(ascii: "n"): (nil, nil)
            default: (nil, "id is not a string or a number (got \(JSONScanner.kind(startingWith: byte)))")
            }
        } else {
            return false
        }
        return true
    }

    /// Why this feature is not a usable point, nil when it is one.
    var problem: String? {
        switch type {
        case .missing: return #"not a Feature (no "type")"#
        case .notAString(let kind): return #"not a Feature ("type" is \#(kind))"#
        case .other(let name): return #"not a Feature ("type" is "\#(name.count <= 40 ? name : name.prefix(40) + "…")")"#
        case .feature: break
        }
        switch geometry {
        case nil: return "geometry is missing"
        case .invalid(let problem)?: return problem
        case .point?: return idProblem ?? propertiesProblem
        }
    }
}

extension JSONScanner {
    /// Reads the Feature object whose `{` is at the cursor, skipping members a point has no use for.
    @inline(__always)
    mutating func scanFeature(depth: Int) throws(JSONSyntaxError) -> GeoJSONFeatureParts {
        var parts = GeoJSONFeatureParts()
        try scanObject(depth: depth) { scanner, key throws(JSONSyntaxError) in
            if try !parts.read(member: key, from: &scanner, depth: depth + 1) {
                try scanner.skipValue(depth: depth + 1)
            }
        }
        return parts
    }
}

extension PointCollector {
    /// Adds the feature number `number`, read from `text`, or records why it is not a point.
    @inline(__always)
    mutating func add(_ feature: GeoJSONFeatureParts, in text: UnsafeBufferPointer<UInt8>, number: Int, start: RecordStart, consumed: Int) {
        if let problem = feature.problem {
            reject(at: start, number: number, problem: problem)
        } else if case .point(let longitude, let latitude)? = feature.geometry {
            add(
                longitude: longitude, latitude: latitude,
                id: feature.id.map { UnsafeBufferPointer(rebasing: text[$0]) },
                properties: feature.properties.map { UnsafeBufferPointer(rebasing: text[$0]) },
                consumed: consumed
            )
        }
    }
}
