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
        case .string(let text): return Self.quoted(text, by: "'")
        case .bool(let value): return value ? "TRUE" : "FALSE"
        }
    }

    /// `text` between two `quote`s, each `quote` in it doubled; scalar by scalar, as the lexer reads it.
    static func quoted(_ text: String, by quote: Unicode.Scalar) -> String {
        var result = String(quote)
        for scalar in text.unicodeScalars {
            result.unicodeScalars.append(scalar)
            if scalar == quote { result.unicodeScalars.append(scalar) }
        }
        result.unicodeScalars.append(quote)
        return result
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
