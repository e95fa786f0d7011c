/// A dataset's categories as its clusters count them: the values counted one by one, in order,
/// then `other` for every point whose value is not among them (or that has none). Resolved once
/// per dataset, from the whole dataset, so that a filtered view keeps the same categories in the
/// same order.
public struct CategoryTable: Sendable, Hashable {
    /// The name of the category that gathers every value not listed.
    public static let otherName = "other"

    public let property: String
    /// The categories, `other` last.
    public let names: [String]

    /// The number of categories, `other` included.
    public var count: Int { names.count }

    /// The position of `other`.
    public var otherIndex: Int { names.count - 1 }

    /// The table for `spec` over the values `column` holds: its values as given, or the dataset's
    /// most frequent ones (by count, then by value) when none are given.
    public init(_ spec: CategorySpec, column: PropertyColumn) {
        property = spec.property
        let values = spec.values ?? Self.mostFrequent(column, limit: CategorySpec.automaticValues)
        names = values.filter { $0 != Self.otherName } + [Self.otherName]
    }

    /// Each point's category, as a position in ``names``.
    public func codes(_ column: PropertyColumn) -> [UInt8] {
        let position = Dictionary(names.enumerated().map { ($1, UInt8($0)) }, uniquingKeysWith: { first, _ in first })
        let other = UInt8(otherIndex)
        let stringCodes = column.strings.map { position[$0] ?? other }
        let trueCode = position["true"] ?? other, falseCode = position["false"] ?? other
        var numberCodes: [Double: UInt8] = [:]
        return (0..<column.kinds.count).map { i in
            switch column.kinds[i] {
            case .string: return stringCodes[Int(column.values[i])]
            case .true: return trueCode
            case .false: return falseCode
            case .number:
                let value = column.values[i]
                if let known = numberCodes[value] { return known }
                let code = position[Self.text(of: value)] ?? other
                numberCodes[value] = code
                return code
            case .absent, .other: return other
            }
        }
    }

    /// A number as a category value: as JSON writes it (`3`, `2.5`).
    private static func text(of number: Double) -> String {
        var output = JSONOutput()
        output.number(number)
        return output.text
    }

    private static func mostFrequent(_ column: PropertyColumn, limit: Int) -> [String] {
        var counts: [String: Int] = [:]
        var stringCounts = [Int](repeating: 0, count: column.strings.count)
        for i in 0..<column.kinds.count {
            switch column.kinds[i] {
            case .string: stringCounts[Int(column.values[i])] += 1
            case .number: counts[text(of: column.values[i]), default: 0] += 1
            case .true: counts["true", default: 0] += 1
            case .false: counts["false", default: 0] += 1
            case .absent, .other: break
            }
        }
        for (code, count) in stringCounts.enumerated() where count > 0 { counts[column.strings[code], default: 0] += count }
        counts[otherName] = nil
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }
            .prefix(limit).map(\.key)
    }
}
