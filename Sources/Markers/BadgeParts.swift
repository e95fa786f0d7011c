import Canvas

/// What a cluster's count is made of: an ordered list of named parts, each with a count and a
/// colour, e.g. 30 restaurants, 12 cafés. The order is the drawing order, clockwise from 12 o'clock.
/// Counts are shares: they need not add up to the count on the badge.
public struct BadgeParts: Hashable, Sendable {
    /// One part of the breakdown.
    public struct Part: Hashable, Sendable {
        public let name: String
        public let count: Int
        public let color: Color
    }

    /// The parts in the order given, every one with its colour (given, or from ``PartsPalette``).
    public let parts: [Part]
    /// The sum of the counts.
    public let total: Int

    /// The most parts a breakdown may have (each non-zero part needs at least 3° of a circle).
    public static let maximumParts = 100

    /// A breakdown of `parts` in this order; a part without a colour takes the palette's colour for
    /// its position (grey when it is called `other`). Throws when the list is empty or longer than
    /// ``maximumParts``, a name is empty or repeated, a count is negative, or every count is 0.
    public init(_ parts: [(name: String, count: Int, color: Color?)]) throws(BadgePartsError) {
        guard !parts.isEmpty else { throw BadgePartsError("no parts given") }
        guard parts.count <= Self.maximumParts else {
            throw BadgePartsError("\(parts.count) parts: at most \(Self.maximumParts) are drawn")
        }
        var resolved: [Part] = []
        var names = Set<String>()
        var total = 0
        for (index, part) in parts.enumerated() {
            guard !part.name.isEmpty else { throw BadgePartsError("part \(index + 1) has no name") }
            guard names.insert(part.name).inserted else { throw BadgePartsError("part '\(part.name)' is given twice") }
            guard part.count >= 0 else {
                throw BadgePartsError("part '\(part.name)': the count must not be negative (got \(part.count))")
            }
            let (sum, overflow) = total.addingReportingOverflow(part.count)
            guard !overflow else { throw BadgePartsError("part '\(part.name)': the counts add up to more than \(Int.max)") }
            total = sum
            resolved.append(Part(name: part.name, count: part.count,
                                 color: part.color ?? PartsPalette.color(forPartAt: index, named: part.name)))
        }
        guard total > 0 else { throw BadgePartsError("every part's count is 0: nothing to draw") }
        self.parts = resolved
        self.total = total
    }

    /// The largest part; the first of equals.
    public var largest: Part {
        parts.reduce(parts[0]) { $1.count > $0.count ? $1 : $0 }
    }
}
