import Canvas
import Codecs
import Foundation

/// `logo`: a PNG (or JPEG/WebP) logo on the tile at one of nine anchors, or `repeat`ed over it, at
/// `opacity`, scaled by `scale` (on top of the tile's own scale) and `margin` px from the edges.
/// The file is read and decoded once, when the chain is built.
public struct LogoRenderer: Renderer {
    public enum Placement: Sendable, Equatable {
        case anchor(Anchor)
        case repeated
    }

    public let image: Surface
    public var opacity: Double
    public var placement: Placement
    public var scale: Double
    public var margin: Double

    public init(image: Surface, opacity: Double = 1, placement: Placement = .anchor(.bottomRight), scale: Double = 1, margin: Double = 8) {
        self.image = image
        self.opacity = opacity
        self.placement = placement
        self.scale = scale
        self.margin = margin
    }

    /// Reads the logo file; errors name the file.
    public static func load(path: String) throws -> Surface {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ChainError("logo '\(path)': cannot read the file")
        }
        do {
            return try ImageDecoder.decode(Array(data))
        } catch {
            throw ChainError("logo '\(path)': \(error)")
        }
    }

    public func render(_ tile: inout Surface, context: RenderContext) throws {
        let drawing = Context(tile)
        drawing.scale(context.scale, context.scale)
        let area = Size(width: Double(tile.width) / context.scale, height: Double(tile.height) / context.scale)
        // The logo's pixels are taken as @1x points, so a 64 px logo covers a quarter of a 256 px tile's side.
        let size = Size(width: Double(image.width) * scale, height: Double(image.height) * scale)
        switch placement {
        case .anchor(let anchor):
            let origin = anchor.origin(of: size, in: area, margin: margin)
            drawing.draw(image, in: Rect(x: origin.x, y: origin.y, width: size.width, height: size.height), alpha: opacity)
        case .repeated:
            let stepX = size.width + margin, stepY = size.height + margin
            var y = margin / 2
            while y < area.height {
                var x = margin / 2
                while x < area.width {
                    drawing.draw(image, in: Rect(x: x, y: y, width: size.width, height: size.height), alpha: opacity)
                    x += stepX
                }
                y += stepY
            }
        }
        try drawing.checkStatus("drawing the logo")
    }
}
