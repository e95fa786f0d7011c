extension PointSet {
    /// The named top-level properties of every point as typed columns, in one scan of the
    /// properties' JSON text that skips every other member without building it. A key written
    /// twice counts with its last value, as `JSON.parse` has it.
    public func propertyColumns(_ names: [String]) -> [PropertyColumn] {
        guard !names.isEmpty else { return [] }
        let keys = names.map { Array($0.utf8) }
        // Written through raw buffers, column-major: no uniqueness check per write.
        let kinds = UnsafeMutableBufferPointer<PropertyColumn.Kind>.allocate(capacity: count * names.count)
        let values = UnsafeMutableBufferPointer<Double>.allocate(capacity: count * names.count)
        kinds.initialize(repeating: .absent)
        values.initialize(repeating: 0)
        defer { kinds.deallocate(); values.deallocate() }
        var keyed = [Int](repeating: 0, count: names.count)
        var interned = [StringInterner](repeating: StringInterner(), count: names.count)
        var lastKeyed = [Int](repeating: -1, count: names.count)
        var scratch: [UInt8] = []
        for point in 0..<count {
            properties.withText(of: point, scratch: &scratch) { bytes in
                var scanner = JSONScanner(bytes)
                guard scanner.peek() == UInt8(ascii: "{") else { return }
                // The text was checked when the dataset was read; a scan error only ends this point early.
                try? scanner.scanObject(depth: 0) { scanner, key throws(JSONSyntaxError) in
                    guard let k = keys.firstIndex(where: { scanner.key(key, is: $0) }) else {
                        try scanner.skipValue(depth: 1)
                        return
                    }
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
            }
        }
        return names.indices.map { k in
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
}
