import Canvas
import Foundation

/// `text`: a text watermark (© ACME), rotated by `angle`, at `opacity`.
///
/// With `position` `pattern` (the default) the copies are laid out on one lattice over the whole
/// zoom level and each tile draws those that reach it, so text crossing a tile edge continues on the
/// neighbour: the pattern is seamless. With one of the nine anchors (`bottom-right`…) each tile gets
/// one copy whose rotated bounding box sits at that anchor, `margin` px in from the edges, like an
/// attribution stamp. `spacing` `every` marks each tile; `wide` (MapProxy's) every other tile in a
/// checkerboard.
public struct TextRenderer: Renderer, Equatable {
    public enum Spacing: String, Sendable, CaseIterable { case every, wide }

    /// Where the copies go.
    public enum Placement: Sendable, Equatable {
        /// One seamless lattice over the zoom level, a copy centred on each (marked) tile.
        case pattern
        /// One copy per (marked) tile at this anchor.
        case anchor(Anchor)
    }

    public var text: String
    public var font: Font
    public var color: Color
    public var opacity: Double
    public var angle: Double
    public var spacing: Spacing
    public var placement: Placement
    /// Distance from the tile's edges for an anchored copy, in px at @1x.
    public var margin: Double

    public init(text: String, font: Font = Font(size: 14, weight: .bold), color: Color = .black,
                opacity: Double = 0.3, angle: Double = -30, spacing: Spacing = .every,
                placement: Placement = .pattern, margin: Double = 8) {
        self.text = text
        self.font = font
        self.color = color
        self.opacity = opacity
        self.angle = angle
        self.spacing = spacing
        self.placement = placement
        self.margin = margin
    }

    public func render(_ image: inout Surface, context: RenderContext) throws {
        guard !text.isEmpty, opacity > 0 else { return }
        let scale = context.scale
        let tileSide = Double(image.width) / scale
        let column = context.tile?.x ?? 0, row = context.tile?.y ?? 0
        let layout = try TextLayout(text, font: font)
        let extents = layout.logicalExtents
        let drawing = Context(image)
        drawing.scale(scale, scale)
        switch placement {
        case .pattern:
            // Neighbours within reach of a copy's rotated extent.
            let reach = Int((max(extents.width, extents.height) / tileSide).rounded(.up))
            for dy in -reach...reach {
                for dx in -reach...reach where isMarked(x: column + dx, y: row + dy) {
                    draw(layout, extents, centredAt: Point(x: Double(dx) * tileSide + tileSide / 2, y: Double(dy) * tileSide + tileSide / 2), on: drawing)
                }
            }
        case .anchor(let anchor):
            guard isMarked(x: column, y: row) else { return }
            let box = rotatedBox(of: extents)
            let origin = anchor.origin(of: box, in: Size(width: tileSide, height: tileSide), margin: margin)
            draw(layout, extents, centredAt: Point(x: origin.x + box.width / 2, y: origin.y + box.height / 2), on: drawing)
        }
        try drawing.checkStatus("drawing text '\(text)'")
    }

    /// Whether the tile at this column and row carries text under the spacing.
    private func isMarked(x: Int, y: Int) -> Bool {
        spacing == .every || (x + y) % 2 == 0
    }

    /// One copy (whose logical extents are `extents`), rotated by `angle` about its centre, with its centre at `centre`.
    private func draw(_ layout: TextLayout, _ extents: Rect, centredAt centre: Point, on drawing: Context) {
        drawing.withSavedState {
            drawing.translate(centre.x, centre.y)
            drawing.rotate(degrees: angle)
            layout.draw(in: drawing, at: Point(x: -extents.width / 2, y: -extents.height / 2),
                        color: color.withAlpha(color.alpha * opacity))
        }
    }

    /// The axis-aligned box around the text's extents rotated by `angle`.
    private func rotatedBox(of extents: Rect) -> Size {
        let radians = angle * .pi / 180
        let cosine = abs(cos(radians)), sine = abs(sin(radians))
        return Size(width: extents.width * cosine + extents.height * sine,
                    height: extents.width * sine + extents.height * cosine)
    }
}
