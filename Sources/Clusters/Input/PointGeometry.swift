/// What a GeoJSON feature's `geometry` gave the point readers: a point, or why it is not one.
enum PointGeometry {
    case point(longitude: Double, latitude: Double)
    case invalid(String)
}

/// Where a Point's longitude and latitude are written in the text.
struct CoordinateSpans {
    let longitude: Range<Int>
    let latitude: Range<Int>
}

extension JSONScanner {
    /// Reads the `geometry` value at the cursor; anything but a Point with a usable position is an
    /// invalid geometry (`geometry is not a Point (got LineString)`), not a syntax error.
    /// `coordinateSpans` is set to where the point's two numbers are written (nil when there is no
    /// usable position).
    mutating func scanPointGeometry(
        depth: Int, coordinateSpans: inout CoordinateSpans?
    ) throws(JSONSyntaxError) -> PointGeometry {
        coordinateSpans = nil
        guard let first = peek(), first == UInt8(ascii: "{") else {
            let kind = peek().map(Self.kind(startingWith:)) ?? ""
            try skipValue(depth: depth)
            return .invalid(kind == "null" ? "geometry is null" : "geometry is not an object (got \(kind))")
        }
        enum GeometryType { case missing, point, other(String), notAString(String) }
        var type = GeometryType.missing
        var position: PointGeometry?
        try scanObject(depth: depth) { scanner, key throws(JSONSyntaxError) in
            if scanner.string(key, is: "type") {
                guard scanner.peek() == UInt8(ascii: "\"") else {
                    type = .notAString(scanner.peek().map(Self.kind(startingWith:)) ?? "")
                    return try scanner.skipValue(depth: depth + 1)
                }
                let name = try scanner.scanString()
                type = scanner.string(name, is: "Point") ? .point : .other(scanner.excerpt(name.range))
            } else if scanner.string(key, is: "coordinates") {
                position = try scanner.scanPosition(depth: depth + 1, spans: &coordinateSpans)
            } else {
                try scanner.skipValue(depth: depth + 1)
            }
        }
        switch type {
        case .missing: return .invalid(#"geometry has no "type""#)
        case .notAString(let kind): return .invalid(#"geometry "type" is not a string (got \#(kind))"#)
        case .other(let name): return .invalid("geometry is not a Point (got \(name))")
        case .point: return position ?? .invalid(#"Point has no "coordinates""#)
        }
    }

    /// Reads a Point's `coordinates` value at the cursor: `[longitude, latitude]`, a third number
    /// (altitude) and any further ones ignored.
    private mutating func scanPosition(depth: Int, spans: inout CoordinateSpans?) throws(JSONSyntaxError) -> PointGeometry {
        spans = nil
        guard let first = peek(), first == UInt8(ascii: "[") else {
            let kind = peek().map(Self.kind(startingWith:)) ?? ""
            try skipValue(depth: depth)
            return .invalid("coordinates are not an array (got \(kind))")
        }
        var coordinates = (0.0, 0.0)
        var numberSpans = (0..<0, 0..<0)
        var count = 0
        var problem: String?
        try scanArray(depth: depth) { scanner throws(JSONSyntaxError) in
            defer { count += 1 }
            let start = scanner.position
            let axis: CoordinateAxis = count == 0 ? .longitude : .latitude
            switch scanner.peek() {
            case UInt8(ascii: "-")?, (UInt8(ascii: "0")...UInt8(ascii: "9"))?:
                let value = try scanner.scanNumber()
                guard count < 2 else { return }
                if count == 0 {
                    (coordinates.0, numberSpans.0) = (value, start..<scanner.position)
                } else {
                    (coordinates.1, numberSpans.1) = (value, start..<scanner.position)
                }
                if problem == nil {
                    problem = axis.problem(with: value, text: scanner.excerpt(start..<scanner.position))
                }
            case let byte:
                let span = try scanner.skipValueSpan(depth: depth + 1)
                guard count < 2, problem == nil else { return }
                problem = byte == UInt8(ascii: "[")
                    ? "coordinates are not a position (got nested arrays)"
                    : axis.notANumber(scanner.excerpt(span))
            }
        }
        if let problem { return .invalid(problem) }
        switch count {
        case 0: return .invalid("coordinates are empty")
        case 1: return .invalid("coordinates have no latitude")
        default:
            spans = CoordinateSpans(longitude: numberSpans.0, latitude: numberSpans.1)
            return .point(longitude: coordinates.0, latitude: coordinates.1)
        }
    }
}
