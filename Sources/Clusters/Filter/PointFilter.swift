/// A query-time filter on a dataset's points, from CQL2 text (the filter language of OGC API –
/// Features): `population >= 1000000 AND country IN ('DE','FR')`. Parsed once; applied to a
/// dataset's typed property columns, never to the text again.
public struct PointFilter: Sendable, Hashable, CustomStringConvertible {
    public let expression: FilterExpression
    /// Where each property is first named in the text (1-based column), for messages.
    private let firstColumns: [String: Int]

    /// How deep parentheses and `NOT`s may nest by default.
    public static let defaultMaxDepth = 32

    /// Parses `text`; a syntax error names its column.
    public init(parsing text: String, maxDepth: Int = defaultMaxDepth) throws(FilterError) {
        var parser = FilterParser(tokens: try FilterLexer.tokens(of: text), maxDepth: maxDepth)
        expression = try parser.parse()
        firstColumns = parser.propertyColumns
    }

    /// The canonical text, the filter's name in cache keys and ETags.
    public var normalized: String { expression.normalized }

    public var description: String { normalized }

    /// The properties the filter reads.
    public var properties: [String] { expression.properties }

    /// The error for a property that no point of `points` has: it is almost always a typo.
    public func unknownProperty(_ name: String, of points: PointSet) -> FilterError {
        FilterError(points.unknownProperty(name), column: firstColumns[name] ?? 1)
    }

    /// The rows of `count` points for which the filter holds, in order, given the typed columns of
    /// (at least) its properties.
    public func matchingRows(_ columns: [PropertyColumn], count: Int) -> [Int32] {
        let byName = Dictionary(columns.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let truth = FilterEvaluation(columns: byName, count: count).evaluate(expression)
        var rows: [Int32] = []
        rows.reserveCapacity(count / 4)
        for (row, value) in truth.enumerated() where value == FilterEvaluation.yes { rows.append(Int32(row)) }
        return rows
    }

    public static func == (lhs: PointFilter, rhs: PointFilter) -> Bool { lhs.expression == rhs.expression }
    public func hash(into hasher: inout Hasher) { hasher.combine(expression) }
}
