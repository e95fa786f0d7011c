import Clusters

extension Grid {
    /// A cell's properties, as its vector-tile feature and GeoJSON feature carry them: `count`, each
    /// aggregate by its name (null when none of the cell's points has the property), and with
    /// categories one `count_NAME` per category (zeros included) and `category`, the largest.
    public func properties(of tally: GridCellTally) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = [("count", .number(Double(tally.count)))]
        for (aggregate, value) in zip(index.aggregates, tally.aggregates) {
            members.append((aggregate.name, value.map(JSONValue.number) ?? .null))
        }
        if let categories = index.categories, let category = tally.category {
            for (name, count) in zip(categories.names, tally.categoryCounts) {
                members.append(("count_" + name, .number(Double(count))))
            }
            members.append(("category", .string(categories.names[category])))
        }
        return members
    }
}
