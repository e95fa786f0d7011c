extension PointSet {
    /// The numeric value of each named top-level property for every point, point-major
    /// (`values[point * names.count + k]`), NaN where a point lacks it or it is not a number.
    /// Read through ``propertyColumns(_:)``: one scan of the properties' text, a key written twice
    /// counting with its last value.
    func aggregateValues(_ names: [String]) -> [Double] {
        guard !names.isEmpty else { return [] }
        // Several aggregates may read one property: each is read once.
        var distinct: [String] = []
        for name in names where !distinct.contains(name) { distinct.append(name) }
        let read = propertyColumns(distinct)
        var values = [Double](repeating: .nan, count: count * names.count)
        for (k, name) in names.enumerated() {
            guard let column = read.first(where: { $0.name == name }) else { continue }
            for point in 0..<count where column.kinds[point] == .number {
                values[point * names.count + k] = column.values[point]
            }
        }
        return values
    }
}
