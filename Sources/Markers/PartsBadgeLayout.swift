import Canvas

/// A badge with parts resolved under a style: the style's layout for the count (for `dominant`
/// with the largest part's fill; for `donut` with the label fitted inside the ring of arcs), the
/// look and the slices. Like ``BadgeLayout``, equal layouts give identical images.
public struct PartsBadgeLayout: Hashable, Sendable {
    /// The style's badge for the count, as drawn under and around the parts.
    public let base: BadgeLayout
    public let look: PartsLook
    public let slices: [PartSlice]
    /// The width in points of the donut's ring of arcs (0 for the other looks).
    public let ringWidth: Double

    /// The donut's ring is at least this share of the diameter (Mapbox's example: 0.2), and never
    /// narrower than the style's own ring, which it replaces.
    static let donutRingShare = 0.15

    /// The label's halo on a pie, as a share of the font size (the stroke's width, half of it
    /// outside the glyphs).
    static let haloShare = 0.2
}

extension PartsBadgeLayout: DrawableBadge {
    public var canvasSide: Double { base.canvasSide }
}

extension BadgeStyle {
    /// Resolves the look of `badge` under this style. The diameter is the style's for the count.
    public func layout(for badge: PartsBadge) throws -> PartsBadgeLayout {
        switch badge.look {
        case .dominant:
            var base = try layout(for: badge.count, label: badge.label)
            base.fill = badge.slices[0].color
            return PartsBadgeLayout(base: base, look: .dominant, slices: badge.slices, ringWidth: 0)
        case .pie:
            let base = try layout(for: badge.count, label: badge.label)
            return PartsBadgeLayout(base: base, look: .pie, slices: badge.slices, ringWidth: 0)
        case .donut:
            let plain = try layout(for: badge.count, label: badge.label)
            let ringWidth = max(plain.ringWidth, (plain.diameter * PartsBadgeLayout.donutRingShare * 2).rounded() / 2)
            let base = try layout(for: badge.count, label: badge.label, labelInset: ringWidth - plain.ringWidth)
            return PartsBadgeLayout(base: base, look: .donut, slices: badge.slices, ringWidth: ringWidth)
        }
    }

    /// The layout of `count`'s badge with `parts` in `look`, `labelMode` or the style's default.
    public func layout(for count: Int, label labelMode: LabelMode? = nil, parts: BadgeParts, look: PartsLook) throws -> PartsBadgeLayout {
        try layout(for: PartsBadge(count: count, label: labelMode, parts: parts, look: look))
    }
}
