/// A filter that cannot be used: text that is not CQL2 as Cairn reads it, or a property no point
/// of the dataset has. It names the 1-based column where the problem is:
/// `filter: expected a value after '>=' at column 15`.
public struct FilterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, in a few words.
    public let problem: String
    /// The 1-based column (in characters) of the text where it was found.
    public let column: Int

    public init(_ problem: String, column: Int) {
        self.problem = problem
        self.column = column
    }

    public var description: String { "filter: \(problem) at column \(column)" }
}
