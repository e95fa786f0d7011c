/// A badge whose count is drawn with its parts, reduced to what decides its pixels under a style:
/// the count, the label mode, the look and the parts' slices (whole degrees and colours; for
/// ``PartsLook/dominant`` the one colour). Cheap to make (no text is measured) and hashable, it is
/// the key to cache a drawn badge by, with the scale: breakdowns in the same proportions (30/12
/// and 60/24) give equal keys.
///
/// ```swift
/// let badge = PartsBadge(count: 42, label: nil, parts: parts, look: .donut)
/// let image = try style.layout(for: badge).render(scale: 2)   // cache by (badge, scale)
/// ```
public struct PartsBadge: Hashable, Sendable {
    public let count: Int
    /// The label mode; the style's default when nil.
    public let label: LabelMode?
    public let look: PartsLook
    /// The circle cut into the parts (``BadgeParts/slices``), or for `dominant` the largest part
    /// as one slice all round.
    public let slices: [PartSlice]

    public init(count: Int, label: LabelMode? = nil, parts: BadgeParts, look: PartsLook) {
        self.count = count
        self.label = label
        self.look = look
        switch look {
        case .donut, .pie: slices = parts.slices
        case .dominant: slices = [PartSlice(color: parts.largest.color, start: 0, end: 360)]
        }
    }
}
