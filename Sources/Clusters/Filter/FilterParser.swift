/// Parses CQL2 text (the subset people write: comparisons, `IN`, `BETWEEN`, `LIKE`, `IS [NOT]
/// NULL`, `AND`, `OR`, `NOT`, parentheses) into a ``FilterExpression`` by recursive descent, `NOT`
/// binding tighter than `AND`, and `AND` tighter than `OR`.
struct FilterParser {
    private let tokens: [FilterToken]
    private var position = 0
    private let maxDepth: Int
    /// The column where each property is first named, for the messages about unknown properties.
    private(set) var propertyColumns: [String: Int] = [:]

    init(tokens: [FilterToken], maxDepth: Int) {
        self.tokens = tokens
        self.maxDepth = maxDepth
    }

    /// Parses the whole text.
    mutating func parse() throws(FilterError) -> FilterExpression {
        guard peek.kind != .end else { throw FilterError("the filter is empty", column: peek.column) }
        let expression = try disjunction(depth: 0)
        guard peek.kind == .end else {
            throw FilterError("unexpected \(peek.named) (expected AND, OR or the end)", column: peek.column)
        }
        return expression
    }

    private var peek: FilterToken { tokens[position] }

    private mutating func take() -> FilterToken {
        defer { if position < tokens.count - 1 { position += 1 } }
        return tokens[position]
    }

    private mutating func takeKeyword(_ keyword: String) -> Bool {
        guard peek.isKeyword(keyword) else { return false }
        position += 1
        return true
    }

    private func deeper(_ depth: Int) throws(FilterError) -> Int {
        guard depth < maxDepth else { throw FilterError("nested more than \(maxDepth) levels deep", column: peek.column) }
        return depth + 1
    }

    private mutating func disjunction(depth: Int) throws(FilterError) -> FilterExpression {
        var terms = [try conjunction(depth: depth)]
        while takeKeyword("OR") { terms.append(try conjunction(depth: depth)) }
        return terms.count == 1 ? terms[0] : .any(terms)
    }

    private mutating func conjunction(depth: Int) throws(FilterError) -> FilterExpression {
        var terms = [try negation(depth: depth)]
        while takeKeyword("AND") { terms.append(try negation(depth: depth)) }
        return terms.count == 1 ? terms[0] : .all(terms)
    }

    private mutating func negation(depth: Int) throws(FilterError) -> FilterExpression {
        if peek.isKeyword("NOT") {
            let inner = try deeper(depth)
            position += 1
            return .not(try negation(depth: inner))
        }
        if peek.kind == .open {
            let inner = try deeper(depth)
            let open = take()
            let expression = try disjunction(depth: inner)
            guard peek.kind == .close else {
                throw FilterError("expected ')' for the '(' of column \(open.column), found \(peek.named)", column: peek.column)
            }
            position += 1
            return expression
        }
        return try predicate()
    }

    /// `property op value`, `value op property`, or one of the property's own predicates.
    private mutating func predicate() throws(FilterError) -> FilterExpression {
        if let literal = try literalIfAny() {
            let literalToken = tokens[position - 1]
            guard case .comparison(let comparison) = peek.kind else {
                throw FilterError("expected a comparison after \(literalToken.named)", column: peek.column)
            }
            let operatorToken = take()
            guard let property = propertyIfAny() else {
                throw FilterError("expected a property name after \(operatorToken.named)", column: peek.column)
            }
            return .comparison(property, comparison.swapped, literal)
        }
        guard let property = propertyIfAny() else {
            throw FilterError("expected a property name, found \(peek.named)", column: peek.column)
        }
        let propertyToken = tokens[position - 1]
        if case .comparison(let comparison) = peek.kind {
            let operatorToken = take()
            return .comparison(property, comparison, try value(after: operatorToken))
        }
        if takeKeyword("IS") {
            let negated = takeKeyword("NOT")
            guard takeKeyword("NULL") else {
                throw FilterError("expected NULL after \(negated ? "IS NOT" : "IS")", column: peek.column)
            }
            return negated ? .not(.isNull(property)) : .isNull(property)
        }
        let notToken = peek
        let negated = takeKeyword("NOT")
        let expression: FilterExpression
        if takeKeyword("IN") {
            expression = .among(property, try list())
        } else if peek.isKeyword("BETWEEN") {
            let between = take()
            let low = try value(after: between)
            guard takeKeyword("AND") else {
                throw FilterError("expected AND after BETWEEN's low value, found \(peek.named)", column: peek.column)
            }
            expression = .between(property, low, try value(after: tokens[position - 1]))
        } else if peek.isKeyword("LIKE") {
            let like = take()
            guard case .string(let pattern) = peek.kind else {
                throw FilterError("expected a 'pattern' after \(like.named)", column: peek.column)
            }
            position += 1
            expression = .like(property, pattern)
        } else if negated {
            throw FilterError("expected IN, BETWEEN or LIKE after \(notToken.named)", column: peek.column)
        } else {
            throw FilterError("expected a comparison after \(propertyToken.named), found \(peek.named)", column: peek.column)
        }
        return negated ? .not(expression) : expression
    }

    /// `( value, … )` of `IN`.
    private mutating func list() throws(FilterError) -> [FilterLiteral] {
        guard peek.kind == .open else { throw FilterError("expected '(' after IN, found \(peek.named)", column: peek.column) }
        var separator = take()
        var values: [FilterLiteral] = []
        while true {
            values.append(try value(after: separator))
            separator = take()
            switch separator.kind {
            case .comma: continue
            case .close: return values
            default: throw FilterError("expected ',' or ')' in the IN list, found \(separator.named)", column: separator.column)
            }
        }
    }

    private mutating func value(after token: FilterToken) throws(FilterError) -> FilterLiteral {
        guard let literal = try literalIfAny() else {
            throw FilterError("expected a value after \(token.named)", column: peek.column)
        }
        return literal
    }

    private mutating func literalIfAny() throws(FilterError) -> FilterLiteral? {
        switch peek.kind {
        case .number(let value): position += 1; return .number(value)
        case .string(let text): position += 1; return .string(text)
        case .word where peek.isKeyword("TRUE"): position += 1; return .bool(true)
        case .word where peek.isKeyword("FALSE"): position += 1; return .bool(false)
        default: return nil
        }
    }

    private static let reserved: Set<String> = ["AND", "OR", "NOT", "IN", "BETWEEN", "LIKE", "IS", "NULL", "TRUE", "FALSE"]

    private mutating func propertyIfAny() -> String? {
        let token = peek
        let name: String
        switch token.kind {
        case .quotedName(let quoted): name = quoted
        case .word(let word) where !Self.reserved.contains(word.uppercased()): name = word
        default: return nil
        }
        position += 1
        if propertyColumns[name] == nil { propertyColumns[name] = token.column }
        return name
    }
}
