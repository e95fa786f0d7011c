/// What a dataset's clusters break their counts down by: a top-level property of the points and,
/// optionally, the values to count one by one (in the order badges and legends show them); points
/// with any other value, or none, count as `other`. Without `values`, the ten most frequent values
/// of the dataset are taken.
public struct CategorySpec: Sendable, Hashable {
    public var property: String
    public var values: [String]?

    /// The most values a dataset may count one by one.
    public static let maxValues = 100
    /// How many values are taken when none are given.
    public static let automaticValues = 10

    public init(property: String, values: [String]? = nil) {
        self.property = property
        self.values = values
    }

    /// Parses the CLI's form: `kind` or `kind=restaurant,cafe,bar`.
    public init(parsing text: String) throws(CategorySpecError) {
        guard let equals = text.firstIndex(of: "=") else {
            guard !text.isEmpty else { throw CategorySpecError(text: text, problem: "expected PROPERTY or PROPERTY=VALUE,VALUE…") }
            self.init(property: text)
            return
        }
        let property = String(text[..<equals])
        let values = text[text.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !property.isEmpty else { throw CategorySpecError(text: text, problem: "the property name is empty") }
        self.init(property: property, values: values)
        if let problem { throw CategorySpecError(text: text, problem: problem) }
    }

    /// What is wrong with the values, nil when they are usable.
    public var problem: String? {
        guard let values else { return nil }
        if values.isEmpty || values.contains(where: \.isEmpty) { return "a category value is empty" }
        if values.count > Self.maxValues { return "at most \(Self.maxValues) category values (got \(values.count))" }
        if Set(values).count != values.count { return "a category value is listed twice" }
        return nil
    }
}

/// Categories given in a form that does not parse.
public struct CategorySpecError: Error, Sendable, CustomStringConvertible {
    public let text: String
    public let problem: String
    public var description: String { "'\(text)': \(problem)" }
}
