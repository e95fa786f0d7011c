import Canvas

/// How a point standing alone is drawn on an overlay: a dot with a ring, the look of a map pin
/// seen from above (Leaflet's circle marker, Google's dot).
public struct PointMarker: Sendable, Hashable {
    /// The dot's colour.
    public var fill: Color
    /// The ring around it.
    public var stroke: Color
    /// The dot's radius in points, ring included.
    public var radius: Double
    /// The ring's width in points.
    public var strokeWidth: Double

    public init(fill: Color = Color(red: 0xd9 / 255, green: 0x30 / 255, blue: 0x25 / 255),
                stroke: Color = .white, radius: Double = 6, strokeWidth: Double = 2) {
        self.fill = fill
        self.stroke = stroke
        self.radius = radius
        self.strokeWidth = strokeWidth
    }

    /// The marker as an image at `scale` pixels per point.
    func render(scale: Double) throws -> Surface {
        let side = Int((2 * radius * scale).rounded(.up))
        let surface = try Surface(width: side, height: side)
        let context = Context(surface)
        context.scale(scale, scale)
        let centre = Point(x: Double(side) / scale / 2, y: Double(side) / scale / 2)
        context.circle(center: centre, radius: radius)
        context.setColor(stroke)
        context.fill()
        context.circle(center: centre, radius: max(0, radius - strokeWidth))
        context.setColor(fill)
        context.fill()
        try context.checkStatus("drawing a point marker")
        return surface
    }
}
