extension PointSet {
    /// The names of the top-level properties any point has, sorted: what an error about a property
    /// no point has lists (read only then, in one pass over the points' text).
    public var propertyNames: [String] {
        var names = Set<String>()
        var scratch: [UInt8] = []
        for point in 0..<count {
            properties.withText(of: point, scratch: &scratch) { bytes in
                var scanner = JSONScanner(bytes)
                guard scanner.peek() == UInt8(ascii: "{") else { return }
                try? scanner.scanObject(depth: 0) { scanner, key throws(JSONSyntaxError) in
                    names.insert(scanner.string(key))
                    try scanner.skipValue(depth: 1)
                }
            }
        }
        return names.sorted()
    }

    /// What is wrong with a property `name` that no point has (it is almost always a typo), and
    /// the properties the points do have (at most 20 of them).
    public func unknownProperty(_ name: String) -> String {
        let names = propertyNames
        let known = names.isEmpty ? "the points have no properties"
            : "the points have " + names.prefix(20).map { "'\($0)'" }.joined(separator: ", ") + (names.count > 20 ? ", …" : "")
        return "no point has a property '\(name)' (\(known))"
    }
}
