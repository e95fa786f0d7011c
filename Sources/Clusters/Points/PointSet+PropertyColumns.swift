extension PointSet {
    /// The named top-level properties of every point as typed columns, in one pass that reads only
    /// the members named and skips every other without building it. A key written twice counts
    /// with its last value, as `JSON.parse` has it.
    ///
    /// Objects kept as their values and the number of their shape (``JSONTextColumn``) are read
    /// from their values alone: which value holds which name is found once a shape, from its keys,
    /// and a row's values are scanned only up to the last one named. Other rows are scanned as
    /// their whole text.
    public func propertyColumns(_ names: [String]) -> [PropertyColumn] {
        guard !names.isEmpty else { return [] }
        var columns = PropertyColumnsReader(names: names, count: count)
        defer { columns.deallocate() }
        var scratch: [UInt8] = []
        var shapes = ShapeMembers(names: columns.keys)
        for point in 0..<count {
            let read = properties.withObjectValues(of: point) { shape, values -> Bool in
                guard let members = shapes.members(ofShape: shape, in: properties) else { return false }
                var scanner = JSONScanner(values)
                // The values were checked when the dataset was read; a scan error only ends this point early.
                for (n, k) in members.enumerated() {
                    if n > 0 { scanner.position += 1 }  // the comma between values
                    if k < 0 {
                        guard (try? scanner.skipValue(depth: 1)) != nil else { break }
                    } else {
                        guard (try? columns.read(&scanner, name: k, point: point)) != nil else { break }
                    }
                }
                return true
            }
            if read == true { continue }
            properties.withText(of: point, scratch: &scratch) { bytes in
                var scanner = JSONScanner(bytes)
                guard scanner.peek() == UInt8(ascii: "{") else { return }
                try? scanner.scanObject(depth: 0) { scanner, key throws(JSONSyntaxError) in
                    guard let k = scanner.index(ofKey: key, in: columns.keys) else {
                        try scanner.skipValue(depth: 1)
                        return
                    }
                    try columns.read(&scanner, name: k, point: point)
                }
            }
        }
        return columns.columns()
    }
}

/// Which requested name each value of a shape holds, found once a shape from its keys (the
/// shape's parts put together around placeholder values and scanned as the object they make).
private struct ShapeMembers {
    let names: [[UInt8]]
    /// What is known of each shape, by shape number.
    private var shapes: [Shape] = []

    private enum Shape {
        case unread
        /// The requested name of each value up to the last one named (-1: none).
        case members([Int])
        /// The shape could not be read so: its rows are read as text.
        case text
    }

    init(names: [[UInt8]]) { self.names = names }

    /// The requested name of each value of shape `shape` up to the last one named (-1: none); nil
    /// when its rows are to be read as text.
    mutating func members(ofShape shape: Int, in column: JSONTextColumn) -> [Int]? {
        if shape >= shapes.count { shapes += repeatElement(.unread, count: shape + 1 - shapes.count) }
        if case .unread = shapes[shape] {
            shapes[shape] = Self.members(of: column.parts(ofShape: shape), names: names).map(Shape.members) ?? .text
        }
        guard case .members(let members) = shapes[shape] else { return nil }
        return members
    }

    private static func members(of parts: [[UInt8]], names: [[UInt8]]) -> [Int]? {
        var text: [UInt8] = []
        for (n, part) in parts.enumerated() {
            if n > 0 { text.append(UInt8(ascii: "0")) }
            text.append(contentsOf: part)
        }
        var members: [Int] = []
        let scanned = text.withUnsafeBufferPointer { bytes -> Bool in
            var scanner = JSONScanner(bytes)
            do throws(JSONSyntaxError) {
                try scanner.scanObject(depth: 0) { scanner, key throws(JSONSyntaxError) in
                    members.append(scanner.index(ofKey: key, in: names) ?? -1)
                    try scanner.skipValue(depth: 1)
                }
            } catch {
                return false
            }
            return true
        }
        guard scanned, members.count == parts.count - 1 else { return nil }
        while members.last == -1 { members.removeLast() }
        return members
    }
}

/// The typed columns being filled, one cell per name and point, written through raw buffers
/// (column-major: no uniqueness check per write).
private struct PropertyColumnsReader {
    let names: [String]
    let keys: [[UInt8]]
    let count: Int
    let kinds: UnsafeMutableBufferPointer<PropertyColumn.Kind>
    let values: UnsafeMutableBufferPointer<Double>
    var keyed: [Int]
    var interned: [StringInterner]
    var lastKeyed: [Int]

    init(names: [String], count: Int) {
        self.names = names
        keys = names.map { Array($0.utf8) }
        self.count = count
        kinds = .allocate(capacity: count * names.count)
        values = .allocate(capacity: count * names.count)
        kinds.initialize(repeating: .absent)
        values.initialize(repeating: 0)
        keyed = [Int](repeating: 0, count: names.count)
        interned = [StringInterner](repeating: StringInterner(), count: names.count)
        lastKeyed = [Int](repeating: -1, count: names.count)
    }

    func deallocate() {
        kinds.deallocate()
        values.deallocate()
    }

    /// Reads the value at the scanner as name `k`'s cell of `point`.
    @inline(__always)
    mutating func read(_ scanner: inout JSONScanner, name k: Int, point: Int) throws(JSONSyntaxError) {
        if lastKeyed[k] != point {
            lastKeyed[k] = point
            keyed[k] += 1
        }
        let cell = k * count + point
        switch scanner.peek() {
        case UInt8(ascii: "\""):
            let span = try scanner.scanString()
            let code = span.hasEscapes
                ? Array(scanner.string(span).utf8).withUnsafeBufferPointer { interned[k].number(of: $0) }
                : interned[k].number(of: UnsafeBufferPointer(rebasing: scanner.bytes[span.range]))
            kinds[cell] = .string
            values[cell] = Double(code)
        case UInt8(ascii: "t"):
            try scanner.skipValue(depth: 1)
            kinds[cell] = .true
        case UInt8(ascii: "f"):
            try scanner.skipValue(depth: 1)
            kinds[cell] = .false
        case UInt8(ascii: "n"):
            try scanner.skipValue(depth: 1)
            kinds[cell] = .absent
            values[cell] = 0
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try scanner.skipValue(depth: 1)
            kinds[cell] = .other
        default:
            values[cell] = try scanner.scanNumber()
            kinds[cell] = .number
        }
    }

    /// The columns read, one a name in the order asked for.
    func columns() -> [PropertyColumn] {
        names.indices.map { k in
            var column = PropertyColumn(name: names[k], count: 0)
            column.kinds = Array(kinds[(k * count)..<((k + 1) * count)])
            column.values = Array(values[(k * count)..<((k + 1) * count)])
            column.strings = interned[k].strings
            column.keyed = keyed[k]
            return column
        }
    }
}

extension JSONScanner {
    /// Whether the key at `span` is `name`: compared as bytes, decoded only when it has escapes.
    func key(_ span: JSONStringSpan, is name: [UInt8]) -> Bool {
        guard span.hasEscapes else { return bytes[span.range].elementsEqual(name) }
        return Array(string(span).utf8) == name
    }

    /// The place of the key at `span` among `names` (the first that matches), nil when it is none.
    func index(ofKey span: JSONStringSpan, in names: [[UInt8]]) -> Int? {
        names.firstIndex { key(span, is: $0) }
    }
}
