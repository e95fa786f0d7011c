extension PointSet {
    /// The named top-level properties of every point as typed columns, in one scan of the
    /// properties' JSON text that skips every other member without building it. A key written
    /// twice counts with its last value, as `JSON.parse` has it.
    public func propertyColumns(_ names: [String]) -> [PropertyColumn] {
        guard !names.isEmpty else { return [] }
        let keys = names.map { Array($0.utf8) }
        var columns = names.map { PropertyColumn(name: $0, count: count) }
        var interned = [[String: Int]](repeating: [:], count: names.count)
        var lastKeyed = [Int](repeating: -1, count: names.count)
        for point in 0..<count {
            guard let text = properties.bytes(of: point) else { continue }
            text.withUnsafeBufferPointer { bytes in
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
                        columns[k].keyed += 1
                    }
                    switch scanner.peek() {
                    case UInt8(ascii: "\""):
                        let text = scanner.string(try scanner.scanString())
                        let code: Int
                        if let known = interned[k][text] {
                            code = known
                        } else {
                            code = columns[k].strings.count
                            columns[k].strings.append(text)
                            interned[k][text] = code
                        }
                        columns[k].kinds[point] = .string
                        columns[k].values[point] = Double(code)
                    case UInt8(ascii: "t"):
                        try scanner.skipValue(depth: 1)
                        columns[k].kinds[point] = .true
                    case UInt8(ascii: "f"):
                        try scanner.skipValue(depth: 1)
                        columns[k].kinds[point] = .false
                    case UInt8(ascii: "n"):
                        try scanner.skipValue(depth: 1)
                        columns[k].kinds[point] = .absent
                        columns[k].values[point] = 0
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        try scanner.skipValue(depth: 1)
                        columns[k].kinds[point] = .other
                    default:
                        columns[k].values[point] = try scanner.scanNumber()
                        columns[k].kinds[point] = .number
                    }
                }
            }
        }
        return columns
    }
}

extension JSONScanner {
    /// Whether the key at `span` is `name`: compared as bytes, decoded only when it has escapes.
    func key(_ span: JSONStringSpan, is name: [UInt8]) -> Bool {
        guard span.hasEscapes else { return bytes[span.range].elementsEqual(name) }
        return Array(string(span).utf8) == name
    }
}
