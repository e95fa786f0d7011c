import Canvas

extension PartsBadgeLayout {
    /// Draws the badge with its canvas' top-left corner at the origin of `context`'s user space
    /// (points). `resolution` is pixels per point, used for the shadow mask.
    public func draw(in context: Context, resolution: Double) throws {
        switch look {
        case .dominant:
            try base.draw(in: context, resolution: resolution)
            return
        case .donut:
            try base.drawShadow(in: context, resolution: resolution)
            let innerRadius = base.diameter / 2 - ringWidth
            drawSlices(in: context, innerRadius: innerRadius)
            if let under = base.ringColor {
                // The style's ring colour stays under the fill, so a translucent fill (leaflet's)
                // looks as it does on the plain badge.
                context.circle(center: base.centre, radius: innerRadius)
                context.setColor(under)
                context.fill()
            }
            base.drawFill(in: context, inset: ringWidth)
            try base.drawLabel(in: context)
        case .pie:
            try base.drawShadow(in: context, resolution: resolution)
            drawSlices(in: context, innerRadius: 0)
            try base.drawLabel(in: context, halo: (haloColor, base.font.size * Self.haloShare))
        }
        try context.checkStatus("drawing badge '\(base.label)' as a \(look.rawValue)")
    }

    /// The slices, each drawn from its start to the end of the circle over the ones before: the
    /// edge between two slices is then smoothed against the earlier slice, never against the
    /// transparent background, so no light seam shows between them.
    private func drawSlices(in context: Context, innerRadius: Double) {
        for slice in slices {
            context.ringSector(center: base.centre, innerRadius: innerRadius, outerRadius: base.diameter / 2,
                               from: Double(slice.start), to: 360)
            context.setColor(slice.color)
            context.fill()
        }
    }

    /// Dark behind light text, light behind dark text.
    var haloColor: Color {
        let text = base.textColor
        let luminance = 0.2126 * text.red + 0.7152 * text.green + 0.0722 * text.blue
        return luminance > 0.5 ? Color.black.withAlpha(0.7) : Color.white.withAlpha(0.85)
    }
}
