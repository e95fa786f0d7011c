import Canvas

extension BadgeLayout: DrawableBadge {
    /// Draws the badge with its canvas' top-left corner at the origin of `context`'s user space
    /// (points). `resolution` is pixels per point, used for the shadow mask.
    public func draw(in context: Context, resolution: Double) throws {
        try drawShadow(in: context, resolution: resolution)
        if let ringColor, ringWidth > 0 {
            context.circle(center: centre, radius: diameter / 2)
            context.setColor(ringColor)
            context.fill()
        }
        drawFill(in: context, inset: ringWidth)
        try drawLabel(in: context)
        try context.checkStatus("drawing badge '\(label)'")
    }

    /// The centre of the disc in the canvas, in points.
    var centre: Point { Point(x: canvasSide / 2, y: canvasSide / 2) }

    /// The style's shadow under the disc, if it has one.
    func drawShadow(in context: Context, resolution: Double) throws {
        guard let shadow else { return }
        let radius = diameter / 2
        try context.fillShadow(
            of: { $0.circle(center: centre, radius: radius) },
            bounds: Rect(x: centre.x - radius, y: centre.y - radius, width: diameter, height: diameter),
            color: shadow.color, blur: shadow.blur,
            offset: Point(x: shadow.offsetX, y: shadow.offsetY), resolution: resolution)
    }

    /// The fill disc, `inset` points inside the badge's edge.
    func drawFill(in context: Context, inset: Double) {
        context.circle(center: centre, radius: diameter / 2 - inset)
        context.setColor(fill)
        context.fill()
    }

    /// The label centred on the disc by its ink, over a `halo` (colour, stroke width) when given.
    func drawLabel(in context: Context, halo: (color: Color, width: Double)? = nil) throws {
        let text = try TextLayout(label, font: font)
        let ink = text.inkExtents
        let origin = Point(x: centre.x - ink.x - ink.width / 2, y: centre.y - ink.y - ink.height / 2)
        if let halo { text.drawHalo(in: context, at: origin, color: halo.color, width: halo.width) }
        text.draw(in: context, at: origin, color: textColor)
    }
}
