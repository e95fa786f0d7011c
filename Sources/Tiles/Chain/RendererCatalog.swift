import Canvas
import Synchronization

/// Every renderer a chain can name, in the order `cairn filter --help` lists them.
public enum RendererCatalog {
    private static func amount(_ summary: String, range: ClosedRange<Double>, default value: String = "1") -> [RendererParameter] {
        [RendererParameter("amount", .number(range), default: value, summary)]
    }

    private static func colorFilter(_ name: String, _ summary: String, range: ClosedRange<Double>,
                                     _ matrix: @escaping @Sendable (Double) -> ColorMatrix) -> RendererDescriptor {
        RendererDescriptor(name, summary, amount("CSS amount", range: range)) { arguments in
            ColorMatrixFilter(matrix(try arguments.number("amount")))
        }
    }

    /// The built-in renderers and those other modules added with ``register(_:)``.
    public static var all: [RendererDescriptor] { builtIn + added.withLock { $0 } }

    /// Renderers that live above this module (the `clusters` renderer draws with the badge styles).
    private static let added = Mutex<[RendererDescriptor]>([])

    /// Adds a renderer to the names a chain understands; a second one of the same name is ignored.
    public static func register(_ descriptor: RendererDescriptor) {
        added.withLock { added in
            guard !builtIn.contains(where: { $0.name == descriptor.name }), !added.contains(where: { $0.name == descriptor.name }) else { return }
            added.append(descriptor)
        }
    }

    static let builtIn: [RendererDescriptor] = [
        RendererDescriptor("mosaic", "translucent mosaic watermark, colours seeded by tile and cell", [
            RendererParameter("cells", .integer(1...256), default: "8", "cells per side"),
            RendererParameter("alpha", .number(0...1), default: "0.2", "opacity of each cell"),
            RendererParameter("seed", .integer(Int.min...Int.max), default: "0", "changes every colour"),
            RendererParameter("palette", .colors, default: nil, "colours to choose from (default: random hues)"),
        ]) { a in
            MosaicRenderer(cells: try a.integer("cells"), alpha: try a.number("alpha"), seed: try a.integer("seed"),
                           palette: try a.colors("palette"))
        },
        RendererDescriptor("tint", "one colour over the tile: fixed, or random seeded by z/x/y", [
            RendererParameter("color", .color, default: nil, "the colour (default: random per tile)"),
            RendererParameter("alpha", .number(0...1), default: nil, "opacity: of the random colour (default 0.2), or times a fixed colour's own"),
            RendererParameter("seed", .integer(Int.min...Int.max), default: "0", "changes the random colour"),
        ]) { a in
            TintRenderer(color: try a.color("color"), alpha: try a.optionalNumber("alpha"), seed: try a.integer("seed"))
        },
        RendererDescriptor("grid", "debug overlay: tile border and a z/x/y label", [
            RendererParameter("format", .text, default: "{z}/{x}/{y}", "label: {z} {x} {y} {-y} {q} {lon} {lat}, \\n; or classic"),
            RendererParameter("color", .color, default: "#e0245e", "border colour"),
            RendererParameter("width", .number(0...32), default: "1", "border width in px at @1x"),
            RendererParameter("text", .color, default: "#202124", "label colour"),
            RendererParameter("size", .number(4...128), default: "12", "label size in px at @1x"),
            RendererParameter("plate", .color, default: "#ffffffbf", "backing plate colour"),
        ]) { a in
            GridRenderer(format: a.text("format"), borderColor: try a.color("color")!, borderWidth: try a.number("width"),
                         textColor: try a.color("text")!, fontSize: try a.number("size"), plateColor: try a.color("plate")!)
        },
        RendererDescriptor("text", "text watermark, seamless across tiles", [
            RendererParameter("text", .text, default: "", "the text"),
            RendererParameter("font", .text, default: FontLibrary.defaultFamily, "font family"),
            RendererParameter("size", .number(4...256), default: "14", "px at @1x"),
            RendererParameter("weight", .text, default: "bold", "regular or bold"),
            RendererParameter("color", .color, default: "#000000", "text colour"),
            RendererParameter("opacity", .number(0...1), default: "0.3", "opacity"),
            RendererParameter("angle", .number(-360...360), default: "-30", "rotation in degrees"),
            RendererParameter("spacing", .text, default: "every", "every: each tile; wide: every other tile"),
            RendererParameter("position", .text, default: "pattern", Anchor.choices(or: "pattern") + " (pattern: seamless over the zoom level)"),
            RendererParameter("margin", .number(0...1024), default: "8", "px at @1x from the edges, for an anchored position"),
        ]) { a in
            guard let weight = Font.Weight(rawValue: a.text("weight")) else {
                throw ChainError("text.weight: '\(a.text("weight"))' is not regular or bold")
            }
            guard let spacing = TextRenderer.Spacing(rawValue: a.text("spacing")) else {
                throw ChainError("text.spacing: '\(a.text("spacing"))' is not every or wide")
            }
            guard !a.text("text").isEmpty else { throw ChainError("text: give the text, e.g. text:© ACME") }
            return TextRenderer(text: a.text("text"), font: Font(family: a.text("font"), size: try a.number("size"), weight: weight),
                                color: try a.color("color")!, opacity: try a.number("opacity"), angle: try a.number("angle"),
                                spacing: spacing,
                                placement: try Anchor.parse(a.text("position"), for: "text", or: "pattern", TextRenderer.Placement.pattern, anchored: { .anchor($0) }),
                                margin: try a.number("margin"))
        },
        RendererDescriptor("logo", "an image (PNG, JPEG, WebP) at an anchor, or repeated", [
            RendererParameter("path", .text, default: nil, "the logo file"),
            RendererParameter("opacity", .number(0...1), default: "1", "opacity"),
            RendererParameter("position", .text, default: "bottom-right", Anchor.choices(or: "repeat")),
            RendererParameter("scale", .number(0.01...16), default: "1", "size factor"),
            RendererParameter("margin", .number(0...1024), default: "8", "px at @1x from the edges"),
        ]) { a in
            guard !a.text("path").isEmpty else { throw ChainError("logo: give the file, e.g. logo:brand.png") }
            let placement = try Anchor.parse(a.text("position"), for: "logo", or: "repeat", LogoRenderer.Placement.repeated, anchored: { .anchor($0) })
            return LogoRenderer(image: try LogoRenderer.load(path: a.text("path")), opacity: try a.number("opacity"),
                                placement: placement, scale: try a.number("scale"), margin: try a.number("margin"))
        },
        colorFilter("grayscale", "CSS grayscale()", range: 0...1000, ColorMatrix.grayscale),
        colorFilter("sepia", "CSS sepia()", range: 0...1000, ColorMatrix.sepia),
        colorFilter("saturate", "CSS saturate()", range: 0...1000, ColorMatrix.saturate),
        RendererDescriptor("hue-rotate", "CSS hue-rotate(), in degrees", [
            RendererParameter("angle", .number(-100_000...100_000), default: "0", "degrees"),
        ]) { a in ColorMatrixFilter(.hueRotate(degrees: try a.number("angle"))) },
        colorFilter("invert", "CSS invert()", range: 0...1000, ColorMatrix.invert),
        colorFilter("brightness", "CSS brightness()", range: 0...1000, ColorMatrix.brightness),
        colorFilter("contrast", "CSS contrast()", range: 0...1000, ColorMatrix.contrast),
        colorFilter("opacity", "CSS opacity()", range: 0...1000, ColorMatrix.opacity),
        RendererDescriptor("blur", "CSS blur(): Gaussian, radius in px at @1x", [
            RendererParameter("radius", .number(0...100), default: "2", "standard deviation in px"),
        ]) { a in BlurRenderer(radius: try a.number("radius")) },
        RendererDescriptor("pixelate", "blocks of averaged pixels", [
            RendererParameter("size", .integer(1...256), default: "8", "block size in px at @1x"),
        ]) { a in PixelateRenderer(size: try a.integer("size")) },
        RendererDescriptor("dark", "night mode: invert, then hue-rotate 180 degrees", []) { _ in
            ColorMatrixFilter(ColorMatrix.hueRotate(degrees: 180).after(.invert(1)))
        },
        RendererDescriptor("identity", "changes nothing", []) { _ in IdentityRenderer() },
    ]

    /// The descriptor named `name`.
    public static func named(_ name: String) throws -> RendererDescriptor {
        guard let descriptor = all.first(where: { $0.name == name }) else {
            throw ChainError("unknown renderer '\(name)' (valid: \(all.map(\.name).joined(separator: ", ")))")
        }
        return descriptor
    }
}
