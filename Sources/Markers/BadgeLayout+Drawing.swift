import Canvas
import Codecs

extension BadgeLayout {
    /// Draws the badge with its canvas' top-left corner at the origin of `context`'s user space
    /// (points). `resolution` is pixels per point, used for the shadow mask.
    public func draw(in context: Context, resolution: Double) throws {
        let centre = Point(x: canvasSide / 2, y: canvasSide / 2)
        let radius = diameter / 2
        if let shadow {
            try context.fillShadow(
                of: { $0.circle(center: centre, radius: radius) },
                bounds: Rect(x: centre.x - radius, y: centre.y - radius, width: diameter, height: diameter),
                color: shadow.color, blur: shadow.blur,
                offset: Point(x: shadow.offsetX, y: shadow.offsetY), resolution: resolution)
        }
        if let ringColor, ringWidth > 0 {
            context.circle(center: centre, radius: radius)
            context.setColor(ringColor)
            context.fill()
        }
        context.circle(center: centre, radius: radius - ringWidth)
        context.setColor(fill)
        context.fill()
        let text = try TextLayout(label, font: font)
        let ink = text.inkExtents
        text.draw(in: context, at: Point(x: centre.x - ink.x - ink.width / 2, y: centre.y - ink.y - ink.height / 2),
                  color: textColor)
        try context.checkStatus("drawing badge '\(label)'")
    }

    /// The badge as a raster image at `scale` pixels per point (1 to 4), transparent outside the disc.
    public func render(scale: Double) throws -> Surface {
        let side = Int((canvasSide * scale).rounded(.up))
        let surface = try Surface(width: side, height: side)
        let context = Context(surface)
        context.scale(scale, scale)
        try draw(in: context, resolution: scale)
        return surface
    }

    /// The badge encoded as an image file.
    public func encoded(as format: BadgeOutputFormat, scale: Double) throws -> [UInt8] {
        switch format {
        case .png:
            return try PNGEncoder().encode(render(scale: scale))
        case .svg, .pdf:
            let vector: VectorDocument.Format = format == .svg ? .svg : .pdf
            return try VectorDocument.render(vector, size: Size(width: canvasSide, height: canvasSide)) { context in
                try draw(in: context, resolution: 4)
            }
        }
    }
}

/// The file formats badges are written in: PNG for maps, SVG and PDF for designers and print.
public enum BadgeOutputFormat: String, Sendable, CaseIterable {
    case png, svg, pdf
}
