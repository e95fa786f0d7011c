/// A value written in a filter: a number, a `'string'`, `TRUE` or `FALSE`.
public enum FilterLiteral: Sendable, Hashable {
    case number(Double)
    case string(String)
    case bool(Bool)

    /// The literal as the normalized filter text writes it.
    var normalized: String {
        switch self {
        case .number(let value):
            var output = JSONOutput()
            output.number(value)
            return output.text
        case .string(let text): return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        case .bool(let value): return value ? "TRUE" : "FALSE"
        }
    }
}

/// A comparison operator of a filter.
public enum FilterComparison: String, Sendable, Hashable, CaseIterable {
    case equal = "="
    case notEqual = "<>"
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="

    /// The same comparison with its operands swapped (`5 < x` is `x > 5`).
    var swapped: FilterComparison {
        switch self {
        case .equal, .notEqual: self
        case .less: .greater
        case .lessOrEqual: .greaterOrEqual
        case .greater: .less
        case .greaterOrEqual: .lessOrEqual
        }
    }

    /// Whether a value that orders as `order` against the literal (-1 below, 0 equal, 1 above) passes.
    func holds(_ order: Int) -> Bool {
        switch self {
        case .equal: order == 0
        case .notEqual: order != 0
        case .less: order < 0
        case .lessOrEqual: order <= 0
        case .greater: order > 0
        case .greaterOrEqual: order >= 0
        }
    }
}
