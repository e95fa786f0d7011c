/// A record of a dataset that cannot be a point: a feature that is not a Point, a coordinate that is
/// out of range or not a number, a malformed line or row. It names where it was found, so a user
/// can go straight to it: `cities.csv:17: row 16: latitude 91.5 is out of range (-90...90)`.
public struct InvalidPoint: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file path, or the dataset's name for a database.
    public let source: String
    /// The 1-based line in the file where the record starts, when the source has lines.
    public let line: Int?
    /// What the record is called in its source and its 1-based number: `("feature", 3)`, `("row", 16)`.
    public let record: (kind: String, number: Int)?
    /// What is wrong, in a few words.
    public let problem: String

    public init(source: String, line: Int?, record: (kind: String, number: Int)?, problem: String) {
        self.source = source
        self.line = line
        self.record = record
        self.problem = problem
    }

    public var description: String {
        var text = source
        if let line { text += ":\(line)" }
        text += ": "
        if let record { text += "\(record.kind) \(record.number): " }
        return text + problem
    }

    public static func == (lhs: InvalidPoint, rhs: InvalidPoint) -> Bool {
        lhs.description == rhs.description
    }
}
