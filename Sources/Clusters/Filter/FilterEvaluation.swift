/// A filter evaluated over typed property columns, a whole column at a time, in SQL's three-valued
/// logic: a comparison with a missing or `null` property is unknown, `NOT` of unknown is unknown,
/// and only points for which the filter is true match. A value of another type than the literal
/// it is compared with (a string against a number, an array) is unknown too, as SQL would refuse
/// to compare them: neither `pop = 5` nor `NOT pop = 5` matches a point whose `pop` is `"five"`.
struct FilterEvaluation {
    /// Truth values, one byte per point: 0 false, 1 unknown, 2 true, so that `AND` is the
    /// smaller, `OR` the larger and `NOT` the complement to 2.
    typealias Truth = [UInt8]
    static let no: UInt8 = 0, unknown: UInt8 = 1, yes: UInt8 = 2

    let columns: [String: PropertyColumn]
    let count: Int

    func evaluate(_ expression: FilterExpression) -> Truth {
        switch expression {
        case .all(let terms):
            var truth = evaluate(terms[0])
            for term in terms.dropFirst() { combine(&truth, evaluate(term), by: min) }
            return truth
        case .any(let terms):
            var truth = evaluate(terms[0])
            for term in terms.dropFirst() { combine(&truth, evaluate(term), by: max) }
            return truth
        case .not(let term):
            return evaluate(term).map { Self.yes - $0 }
        case .comparison(let name, let comparison, let literal):
            return compare(name, literal) { comparison.holds($0) }
        case .among(let name, let literals):
            var truth = Truth(repeating: Self.no, count: count)
            for literal in literals { combine(&truth, compare(name, literal) { $0 == 0 }, by: max) }
            return truth
        case .between(let name, let low, let high):
            var truth = compare(name, low) { $0 >= 0 }
            combine(&truth, compare(name, high) { $0 <= 0 }, by: min)
            return truth
        case .like(let name, let pattern):
            let pattern = LikePattern(pattern)
            return strings(name) { pattern.matches($0) }
        case .isNull(let name):
            guard let column = columns[name] else { return Truth(repeating: Self.yes, count: count) }
            return column.kinds.map { $0 == .absent ? Self.yes : Self.no }
        }
    }

    private func combine(_ truth: inout Truth, _ other: Truth, by pick: (UInt8, UInt8) -> UInt8) {
        truth.withUnsafeMutableBufferPointer { truth in
            other.withUnsafeBufferPointer { other in
                for i in 0..<truth.count { truth[i] = pick(truth[i], other[i]) }
            }
        }
    }

    /// Each point's value ordered against `literal` (-1, 0, 1), passed to `holds`; unknown where the
    /// point has no value or one of another type.
    private func compare(_ name: String, _ literal: FilterLiteral, holds: (Int) -> Bool) -> Truth {
        guard let column = columns[name] else { return Truth(repeating: Self.unknown, count: count) }
        let (yes, no, unknown) = (Self.yes, Self.no, Self.unknown)
        switch literal {
        case .number(let value):
            var truth = Truth(repeating: unknown, count: count)
            for i in 0..<count where column.kinds[i] == .number {
                let x = column.values[i]
                truth[i] = holds(x < value ? -1 : x > value ? 1 : 0) ? yes : no
            }
            return truth
        case .string(let text):
            let target = Array(text.utf8)
            return strings(name) { holds(Self.order(Array($0.utf8), target)) }
        case .bool(let value):
            return column.kinds.map { kind in
                switch kind {
                case .true: holds(value ? 0 : 1) ? yes : no
                case .false: holds(value ? -1 : 0) ? yes : no
                default: unknown
                }
            }
        }
    }

    /// `test` applied once per distinct string of the property, then looked up per point;
    /// unknown where a point has no string.
    private func strings(_ name: String, _ test: (String) -> Bool) -> Truth {
        guard let column = columns[name] else { return Truth(repeating: Self.unknown, count: count) }
        let passes = column.strings.map(test)
        return (0..<count).map { i in
            column.kinds[i] != .string ? Self.unknown : passes[Int(column.values[i])] ? Self.yes : Self.no
        }
    }

    /// `lhs` against `rhs` as byte strings (UTF-8 order is code point order).
    static func order(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int {
        lhs.lexicographicallyPrecedes(rhs) ? -1 : lhs == rhs ? 0 : 1
    }
}
