/// A parsed filter: a tree of predicates on the points' top-level properties joined by `AND`,
/// `OR` and `NOT`. Its ``normalized`` text names it in cache keys: filters written differently
/// (spacing, keyword case, quoting) that parse to the same tree share one name. Property names
/// are case-sensitive; keywords are not.
public indirect enum FilterExpression: Sendable, Hashable {
    /// Every one holds (`AND`).
    case all([FilterExpression])
    /// At least one holds (`OR`).
    case any([FilterExpression])
    case not(FilterExpression)
    /// `property op literal`.
    case comparison(String, FilterComparison, FilterLiteral)
    /// `property IN (literal, …)`.
    case among(String, [FilterLiteral])
    /// `property BETWEEN low AND high`, both ends included.
    case between(String, FilterLiteral, FilterLiteral)
    /// `property LIKE 'pattern'`: `%` any run of characters, `_` one character, `\` escapes either.
    case like(String, String)
    /// `property IS NULL`: the point lacks the property or has `null` for it.
    case isNull(String)

    /// The canonical text of the filter: keywords in capitals, properties double-quoted, numbers
    /// as JavaScript writes them, every `AND`/`OR` group in parentheses.
    public var normalized: String {
        switch self {
        case .all(let terms): "(" + terms.map(\.normalized).joined(separator: " AND ") + ")"
        case .any(let terms): "(" + terms.map(\.normalized).joined(separator: " OR ") + ")"
        case .not(let term): "NOT " + term.normalized
        case .comparison(let property, let comparison, let value):
            "\(Self.quoted(property)) \(comparison.rawValue) \(value.normalized)"
        case .among(let property, let values):
            "\(Self.quoted(property)) IN (" + values.map(\.normalized).joined(separator: ",") + ")"
        case .between(let property, let low, let high):
            "\(Self.quoted(property)) BETWEEN \(low.normalized) AND \(high.normalized)"
        case .like(let property, let pattern):
            "\(Self.quoted(property)) LIKE \(FilterLiteral.string(pattern).normalized)"
        case .isNull(let property): "\(Self.quoted(property)) IS NULL"
        }
    }

    /// The properties the filter reads, each once, in the order first named.
    public var properties: [String] {
        var names: [String] = []
        func visit(_ expression: FilterExpression) {
            switch expression {
            case .all(let terms), .any(let terms): terms.forEach(visit)
            case .not(let term): visit(term)
            case .comparison(let name, _, _), .among(let name, _), .between(let name, _, _), .like(let name, _), .isNull(let name):
                if !names.contains(name) { names.append(name) }
            }
        }
        visit(self)
        return names
    }

    private static func quoted(_ name: String) -> String {
        FilterLiteral.quoted(name, by: "\"")
    }
}
