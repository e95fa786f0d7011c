import Canvas
import Codecs

/// A badge resolved down to its pixels that can draw itself: a plain ``BadgeLayout`` or a
/// ``PartsBadgeLayout``. Rasterising and encoding are the same for every kind.
public protocol DrawableBadge {
    /// Side of the square image in points.
    var canvasSide: Double { get }
    /// Draws the badge with its canvas' top-left corner at the origin of `context`'s user space
    /// (points). `resolution` is pixels per point, used for the shadow mask.
    func draw(in context: Context, resolution: Double) throws
}

extension DrawableBadge {
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
