import Canvas
import Markers

/// How an overlay draws a dataset's categories: clusters as badges with their parts (a donut, a
/// pie, or the badge in its largest category's colour), lone points as the marker in their
/// category's colour. A category's colour is the one configured for it, else the palette's for
/// its place in the dataset's categories, `other` grey unless given.
public struct CategoryStyle: Sendable, Hashable {
    public var look: PartsLook
    public var colors: [String: Color]
    public var other: Color

    public init(look: PartsLook = .donut, colors: [String: Color] = [:], other: Color = PartsPalette.other) {
        self.look = look
        self.colors = colors
        self.other = other
    }

    /// The colour of the category `name`, `position`th of the dataset's.
    public func color(of name: String, at position: Int) -> Color {
        if let color = colors[name] { return color }
        return name == "other" ? other : PartsPalette.color(forPartAt: position, named: name)
    }

    /// A cluster's breakdown as badge parts, every category in the dataset's order (zeros too, so
    /// that a category keeps its place and colour), nil when the counts are all zero.
    public func parts(names: [String], counts: [Int]) -> BadgeParts? {
        try? BadgeParts(zip(names, counts).enumerated().map { position, entry in
            (name: entry.0, count: entry.1, color: color(of: entry.0, at: position))
        })
    }
}
