import Canvas
import Clusters
import Density
import Tiles

/// The `heatmap` renderer: draws a dataset's heatmap over each tile, exactly as the server's
/// heatmap tiles draw it (one colour scale for the whole map), so that heatmaps can be burnt into
/// base tiles: `cairn render --source … --chain 'heatmap:points=cities.geojson,radius=30'`.
public struct HeatmapRenderer: Renderer {
    public let heatmap: Heatmap
    public let options: HeatmapOptions

    public init(heatmap: Heatmap, options: HeatmapOptions) {
        self.heatmap = heatmap
        self.options = options
    }

    public func render(_ image: inout Surface, context: RenderContext) throws {
        guard let tile = context.tile else {
            throw ChainError("heatmap: the tile's z/x/y is needed (give --tile Z/X/Y, or a z/x/y path)")
        }
        let pixels = TilePixels(tile: tile, scale: Int(context.scale.rounded()))
        guard image.width == pixels.size, image.height == pixels.size else {
            throw ChainError("heatmap: the tile is \(image.width)x\(image.height), not \(pixels.size) pixels square")
        }
        let layer = try heatmap.tile(pixels, options: options)
        let canvas = Context(image)
        canvas.draw(layer, in: Rect(x: 0, y: 0, width: Double(pixels.size), height: Double(pixels.size)))
        try canvas.checkStatus("heatmap")
    }

    /// The renderer as chains name it.
    public static let descriptor = RendererDescriptor("heatmap", "a point dataset's heatmap on one colour scale", [
        RendererParameter("points", .text, default: nil, "the points: GeoJSON, NDJSON or CSV"),
        RendererParameter("radius", .number(HeatmapOptions.radiusLimits), default: "20", "the kernel's radius in CSS pixels"),
        RendererParameter("kernel", .text, default: "quartic", "quartic or gaussian"),
        RendererParameter("weight", .text, default: "", "the numeric property each point weighs (1 when absent)"),
        RendererParameter("ramp", .text, default: "heat", "heat, viridis, magma, inferno, plasma, turbo, greys or stops 0:COLOUR;0.5:COLOUR;1:COLOUR"),
        RendererParameter("opacity", .number(0...1), default: "1", "the heatmap's opacity"),
        RendererParameter("scale", .text, default: "auto", "the density coloured fully: auto or a number"),
        RendererParameter("normalize", .text, default: "none", "none, or area: the scale follows a pixel's ground area"),
        RendererParameter("filter", .text, default: "", "only the points this CQL2 filter matches"),
    ]) { a in
        let path = a.text("points")
        guard !path.isEmpty else { throw ChainError("heatmap: give the points, e.g. heatmap:points=cities.geojson") }
        let options: HeatmapOptions
        do {
            // Chains separate their parameters with commas: a ramp's stops are separated with semicolons here.
            options = try HeatmapOptions(radius: a.text("radius"), kernel: a.text("kernel"), weight: a.text("weight").isEmpty ? nil : a.text("weight"),
                                         ramp: a.text("ramp").replacingOccurrences(of: ";", with: ","), opacity: a.text("opacity"),
                                         scale: a.text("scale"), normalize: a.text("normalize"))
        } catch {
            throw ChainError("heatmap.\(error)")
        }
        let points = try ChainPoints.read(path: path, renderer: "heatmap", parameter: "points")
        let index: ClusterIndex
        do {
            index = try ClusterIndex.build(points: points, filter: try ChainPoints.filter(a.text("filter"), renderer: "heatmap"))
        } catch let error as ChainError {
            throw error
        } catch {
            throw ChainError("heatmap.\(error)")
        }
        let heatmap = Heatmap(index: index)
        // Weights the points cannot give fail now, not at the first tile.
        do { try heatmap.prepare(options) } catch { throw ChainError("heatmap.points: \(error)") }
        return HeatmapRenderer(heatmap: heatmap, options: options)
    }

    /// Makes `heatmap` a name chains understand (the CLI and the server call this at start).
    public static func register() {
        RendererCatalog.register(descriptor)
    }
}
