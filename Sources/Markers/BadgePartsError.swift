/// A breakdown of a cluster that cannot be drawn: no parts, a negative count, every count 0, a bad
/// part in a spec. The description names the part (or the spec's item) and the problem.
public struct BadgePartsError: Error, CustomStringConvertible, Sendable, Equatable {
    public let problem: String

    public init(_ problem: String) { self.problem = problem }

    public var description: String { problem }
}
