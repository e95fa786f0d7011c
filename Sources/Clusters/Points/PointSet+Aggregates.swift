extension PointSet {
    /// The numeric value of each named top-level property for every point, point-major
    /// (`values[point * names.count + k]`), NaN where a point lacks it or it is not a number.
    /// Scans each point's properties text once with the JSON scanner, skipping every other member
    /// without building it. A key written twice counts with its last value.
    func aggregateValues(_ names: [String]) -> [Double] {
        guard !names.isEmpty else { return [] }
        let keys = names.map { Array($0.utf8) }
        var values = [Double](repeating: .nan, count: count * names.count)
        for point in 0..<count {
            guard let text = properties.bytes(of: point) else { continue }
            text.withUnsafeBufferPointer { bytes in
                var scanner = JSONScanner(bytes)
                scanner.skipWhitespace()
                guard scanner.peek() == UInt8(ascii: "{") else { return }
                // The text was checked when the dataset was read; a scan error only ends this point early.
                try? scanner.scanObject(depth: 0) { scanner, key throws(JSONSyntaxError) in
                    let matching = keys.indices.filter { scanner.key(key, is: keys[$0]) }
                    guard !matching.isEmpty, let first = scanner.peek(),
                          first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
                        try scanner.skipValue(depth: 1)
                        return
                    }
                    let number = try scanner.scanNumber()
                    for k in matching { values[point * names.count + k] = number }
                }
            }
        }
        return values
    }
}
