import Canvas

/// A badge resolved for one count: every size and colour that decides its pixels. Two counts with
/// equal layouts give identical images, which batch jobs use to render each look once.
public struct BadgeLayout: Hashable, Sendable {
    public var label: String
    /// Outer diameter in points, ring included.
    public var diameter: Double
    public var fill: Color
    public var ringColor: Color?
    public var ringWidth: Double
    public var textColor: Color
    /// The font after shrinking the label to fit the disc.
    public var font: Font
    public var shadow: BadgeStyle.Shadow?

    /// Side of the square image in points: the diameter plus room for the shadow.
    public var canvasSide: Double { diameter + 2 * shadowMargin }

    var shadowMargin: Double { shadow.map { $0.margin.rounded(.up) } ?? 0 }
}

extension BadgeStyle {
    /// Resolves the look of `count`'s badge with `labelMode` (the style's default when nil).
    public func layout(for count: Int, label labelMode: LabelMode? = nil) throws -> BadgeLayout {
        try layout(for: count, label: labelMode, labelInset: 0)
    }

    /// The layout with the label kept `labelInset` points further from the edge than the ring
    /// asks (the font shrinks if it must); the diameter stays the style's.
    func layout(for count: Int, label labelMode: LabelMode?, labelInset: Double) throws -> BadgeLayout {
        let bucket = bucket(for: count)
        let label = (labelMode ?? defaultLabel).label(count: count, bucket: bucket)
        let bucketCount = thresholds.count
        let nominal = try TextLayout(label, font: font).logicalExtents
        let ringWidth = ring?.width ?? 0
        let diameter: Double
        let margin: Double
        switch self.diameter {
        case .fixed(let value):
            diameter = value
            margin = max(2, 0.1 * (value - 2 * ringWidth))
        case .perBucket(let values):
            diameter = values[min(bucket.index, values.count - 1)]
            margin = max(2, 0.1 * (diameter - 2 * ringWidth))
        case .fitLabel(let minimum, let padding, let growth):
            diameter = (max(minimum, nominal.width, nominal.height) + growth * Double(bucket.index) + padding + 2 * ringWidth)
                .rounded(.up)
            margin = padding / 2
        }
        let usable = diameter - 2 * ringWidth - 2 * margin - 2 * labelInset
        let fitted = nominal.width > usable ? font.withSize(font.size * usable / nominal.width) : font
        return BadgeLayout(
            label: label, diameter: diameter,
            fill: fill.color(for: bucket, bucketCount: bucketCount),
            ringColor: ring.map { $0.color.color(for: bucket, bucketCount: bucketCount) },
            ringWidth: ringWidth,
            textColor: textColor.color(for: bucket, bucketCount: bucketCount),
            font: fitted, shadow: shadow)
    }
}
