import Foundation

/// The counts a batch renders, parsed from `1-100,200,500,1000`: single counts and inclusive ranges,
/// in the order given, duplicates dropped.
public struct CountList: Equatable, Sendable {
    public let counts: [Int]

    /// The most badges one batch may ask for.
    public static let maximumCount = 1_000_000

    public struct ParseError: Error, CustomStringConvertible, Equatable {
        public let spec: String
        public let problem: String
        public var description: String { "--counts '\(spec)': \(problem)" }
    }

    public init(counts: [Int]) { self.counts = counts }

    public init(parsing spec: String) throws(ParseError) {
        var seen = Set<Int>()
        var counts: [Int] = []
        let parts = spec.split(separator: ",", omittingEmptySubsequences: false)
        for rawPart in parts {
            let part = rawPart.trimmingCharacters(in: .whitespaces)
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
            guard bounds.count == 1 || bounds.count == 2,
                  let low = Int(bounds[0]), let high = Int(bounds[bounds.count - 1]) else {
                throw ParseError(spec: spec, problem: "'\(part)' is not a count or a range like 1-100")
            }
            guard low >= 0 else { throw ParseError(spec: spec, problem: "counts must not be negative") }
            guard low <= high else { throw ParseError(spec: spec, problem: "range '\(part)' runs backwards") }
            guard high - low < CountList.maximumCount, counts.count + (high - low) < CountList.maximumCount else {
                throw ParseError(spec: spec, problem: "more than \(CountList.maximumCount) counts")
            }
            for count in low...high where seen.insert(count).inserted { counts.append(count) }
        }
        self.counts = counts
    }
}
