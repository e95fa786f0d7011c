/// A cluster property computed from a numeric property of its points: supercluster's map/reduce,
/// declared instead of programmed. `{"total_population": {"sum": "population"}}` gives every
/// cluster a `total_population` that is the sum of its points' `population`.
///
/// Points whose property is missing, null or not a number are left out: they add nothing to a sum,
/// and do not count towards a mean. A cluster none of whose points has the property gets `null`.
public struct Aggregate: Sendable, Hashable {
    public enum Operation: String, Sendable, CaseIterable {
        case sum, min, max, mean
    }

    /// The cluster property written.
    public var name: String
    public var operation: Operation
    /// The point property read.
    public var property: String

    public init(name: String, operation: Operation, property: String) {
        self.name = name
        self.operation = operation
        self.property = property
    }

    /// Parses `name=operation:property` (`pop=sum:population`), the CLI's form.
    public init(parsing text: String) throws(AggregateSyntaxError) {
        guard let equals = text.firstIndex(of: "="), let colon = text[equals...].firstIndex(of: ":") else {
            throw AggregateSyntaxError(text: text, problem: "expected NAME=OPERATION:PROPERTY, e.g. total=sum:population")
        }
        let name = String(text[..<equals])
        let operationName = String(text[text.index(after: equals)..<colon])
        let property = String(text[text.index(after: colon)...])
        guard !name.isEmpty, !property.isEmpty else {
            throw AggregateSyntaxError(text: text, problem: "expected NAME=OPERATION:PROPERTY, e.g. total=sum:population")
        }
        guard let operation = Operation(rawValue: operationName) else {
            throw AggregateSyntaxError(text: text, problem: "unknown operation '\(operationName)' (valid: sum, min, max, mean)")
        }
        self.init(name: name, operation: operation, property: property)
    }
}

/// An aggregate given in a form that does not parse.
public struct AggregateSyntaxError: Error, Sendable, CustomStringConvertible {
    public let text: String
    public let problem: String
    public var description: String { "'\(text)': \(problem)" }
}

/// The running value of one aggregate over a cluster's points: a value and how many points gave one.
struct AggregateAccumulator {
    var value: Double
    var count: Double

    /// A point's own value (NaN when it has none).
    init(point value: Double) {
        if value.isNaN { self.value = 0; count = 0 } else { self.value = value; self.count = 1 }
    }

    init(value: Double, count: Double) {
        self.value = value
        self.count = count
    }

    /// Folds another member's accumulator in.
    mutating func reduce(_ other: AggregateAccumulator, _ operation: Aggregate.Operation) {
        guard other.count > 0 else { return }
        guard count > 0 else { self = other; return }
        switch operation {
        case .sum, .mean: value += other.value
        case .min: value = Swift.min(value, other.value)
        case .max: value = Swift.max(value, other.value)
        }
        count += other.count
    }

    /// The cluster property's value, nil (JSON null) when no point had one.
    func result(_ operation: Aggregate.Operation) -> Double? {
        guard count > 0 else { return nil }
        return operation == .mean ? value / count : value
    }
}
