import Canvas

/// `text`: a text watermark (© ACME), rotated by `angle`, at `opacity`. With `spacing` `every` the
/// text sits on each tile; with `wide` (MapProxy's) on every other tile in a checkerboard. The copies
/// are laid out on one lattice over the whole zoom level and each tile draws those that reach it,
/// so text crossing a tile edge continues on the neighbour: the pattern is seamless.
public struct TextRenderer: Renderer, Equatable {
    public enum Spacing: String, Sendable, CaseIterable { case every, wide }

    public var text: String
    public var font: Font
    public var color: Color
    public var opacity: Double
    public var angle: Double
    public var spacing: Spacing

    public init(text: String, font: Font = Font(size: 14, weight: .bold), color: Color = .black,
                opacity: Double = 0.3, angle: Double = -30, spacing: Spacing = .every) {
        self.text = text
        self.font = font
        self.color = color
        self.opacity = opacity
        self.angle = angle
        self.spacing = spacing
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
        // Neighbours within reach of a copy's rotated extent.
        let reach = Int((max(extents.width, extents.height) / tileSide).rounded(.up))
        for dy in -reach...reach {
            for dx in -reach...reach {
                let x = column + dx, y = row + dy
                if spacing == .wide && (x + y) % 2 != 0 { continue }
                drawing.withSavedState {
                    drawing.translate(Double(dx) * tileSide + tileSide / 2, Double(dy) * tileSide + tileSide / 2)
                    drawing.rotate(degrees: angle)
                    layout.draw(in: drawing, at: Point(x: -extents.width / 2, y: -extents.height / 2),
                                color: color.withAlpha(color.alpha * opacity))
                }
            }
        }
        try drawing.checkStatus("drawing text '\(text)'")
    }
}
