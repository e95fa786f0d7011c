import Canvas
import Foundation

/// `grid`: a debug overlay: the tile's border and a label in its top-left corner on a translucent
/// plate, so it reads on any map. The label format takes `{z}`, `{x}`, `{y}`, `{-y}` (TMS row),
/// `{q}` (quadkey), `{lon}` / `{lat}` (the tile's north-west corner) and `\n` for a new line;
/// `classic` is `X={x}\nY={y}\nZ={z}`. Sizes are in pixels at @1x and grow with the tile's scale.
public struct GridRenderer: Renderer, Equatable {
    /// The label format as given (`classic` expanded).
    public let format: String
    private let labelFormat: GridLabelFormat
    public var borderColor: Color
    public var borderWidth: Double
    public var textColor: Color
    public var fontSize: Double
    public var plateColor: Color

    public init(format: String = "{z}/{x}/{y}", borderColor: Color = Color(r: 0xE0, g: 0x24, b: 0x5E),
                borderWidth: Double = 1, textColor: Color = Color(r: 0x20, g: 0x21, b: 0x24),
                fontSize: Double = 12, plateColor: Color = Color.white.withAlpha(0.75)) {
        self.format = format == "classic" ? "X={x}\\nY={y}\\nZ={z}" : format
        self.labelFormat = GridLabelFormat(self.format)
        self.borderColor = borderColor
        self.borderWidth = borderWidth
        self.textColor = textColor
        self.fontSize = fontSize
        self.plateColor = plateColor
    }

    /// The label for a tile (`?` where the tile is unknown).
    public func label(for tile: TileID?) -> String {
        labelFormat.label(for: tile)
    }

    public func render(_ image: inout Surface, context: RenderContext) throws {
        let scale = context.scale
        let drawing = Context(image)
        drawing.scale(scale, scale)
        let size = Size(width: Double(image.width) / scale, height: Double(image.height) / scale)
        if borderWidth > 0 {
            drawing.rectangle(Rect(x: 0, y: 0, width: size.width, height: size.height).insetBy(borderWidth / 2))
            drawing.setColor(borderColor)
            drawing.stroke(width: borderWidth)
        }
        let text = label(for: context.tile)
        if !text.isEmpty {
            let layout = try TextLayout(text, font: Font(size: fontSize, weight: .bold))
            let extents = layout.logicalExtents
            let padding = fontSize / 3
            let origin = Point(x: borderWidth + padding, y: borderWidth + padding)
            drawing.roundedRectangle(Rect(x: origin.x - padding / 2, y: origin.y - padding / 2,
                                          width: extents.width + padding, height: extents.height + padding),
                                     radius: padding / 2)
            drawing.setColor(plateColor)
            drawing.fill()
            layout.draw(in: drawing, at: origin, color: textColor)
        }
        try drawing.checkStatus("drawing the grid")
    }
}
