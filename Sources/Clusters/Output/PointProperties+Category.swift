extension ClusterIndex {
    /// A point's properties text with its category first (`{"category":"cafe",…}`), the rest of its
    /// members copied as they were written, a member of its own named `category` left out.
    func propertiesWithCategory(_ text: ArraySlice<UInt8>?, category: String, to output: inout JSONOutput) {
        output.raw("{\"category\":")
        output.string(category)
        guard let text else { output.raw("}"); return }
        text.withUnsafeBufferPointer { bytes in
            var scanner = JSONScanner(bytes)
            guard scanner.peek() == UInt8(ascii: "{") else { return }
            // The text was checked when the dataset was read; a scan error only ends the copy early.
            try? scanner.scanObject(depth: 0) { scanner, key throws(JSONSyntaxError) in
                let value = try scanner.skipValueSpan(depth: 1)
                guard !scanner.key(key, is: Self.categoryKey) else { return }
                output.raw(",")
                output.raw(bytes[(key.range.lowerBound - 1)...key.range.upperBound])
                output.raw(":")
                output.raw(bytes[value])
            }
        }
        output.raw("}")
    }

    private static let categoryKey = Array("category".utf8)

    /// The name of the item's largest category, nil without categories.
    public func categoryName(of item: ClusterItem) -> String? {
        guard let categories, let category = category(of: item) else { return nil }
        return categories.names[category]
    }
}
