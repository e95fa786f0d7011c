import Canvas
import Clusters
import Markers
import Tiles

/// The `clusters` renderer: burns a dataset's clusters into each tile as badges (points as a dot),
/// exactly as the server's overlay tiles draw them, so overlays can be pre-generated with
/// `cairn render --source none --chain 'clusters:dataset=cities.geojson'`.
public struct ClustersRenderer: Renderer {
    public let index: ClusterIndex
    public let overlay: ClusterOverlay

    public init(index: ClusterIndex, overlay: ClusterOverlay) {
        self.index = index
        self.overlay = overlay
    }

    public func render(_ image: inout Surface, context: RenderContext) throws {
        guard let tile = context.tile else {
            throw ChainError("clusters: the tile's z/x/y is needed (give --tile Z/X/Y, or a z/x/y path)")
        }
        try overlay.draw(index, zoom: tile.z, originX: 256 * tile.x, originY: 256 * tile.y, on: image, scale: context.scale)
    }

    /// The renderer as chains name it.
    public static let descriptor = RendererDescriptor("clusters", "a point dataset's clusters drawn as badges", [
        RendererParameter("dataset", .text, default: nil, "the points: GeoJSON, NDJSON or CSV"),
        RendererParameter("style", .text, default: "google", "badge style: google, ios, leaflet or a style .yml"),
        RendererParameter("label", .text, default: "", "exact, bucket or abbrev (default: the style's)"),
        RendererParameter("radius", .number(1...10_000), default: "40", "cluster radius in px of a tile --extent wide"),
        RendererParameter("extent", .number(1...65_536), default: "512", "the tile size the radius is measured in"),
        RendererParameter("max-zoom", .integer(0...30), default: "16", "the highest zoom clustered"),
        RendererParameter("min-points", .integer(2...1_000_000), default: "2", "the fewest points a cluster is made of"),
        RendererParameter("color", .color, default: "#d93025", "the dot of a point standing alone"),
        RendererParameter("filter", .text, default: "", "only the points this CQL2 filter matches, e.g. population >= 100000"),
        RendererParameter("categories", .text, default: "", "count clusters by a property: PROPERTY or PROPERTY=V1;V2…"),
        RendererParameter("parts", .text, default: "donut", "with categories: donut, pie or dominant"),
    ]) { a in
        let path = a.text("dataset")
        guard !path.isEmpty else { throw ChainError("clusters: give the points, e.g. clusters:dataset=cities.geojson") }
        let styleName = a.text("style")
        let style: BadgeStyle
        if let builtin = BadgeStyle.builtin[styleName] {
            style = builtin
        } else {
            do { style = try BadgeStyle.load(path: styleName) } catch { throw ChainError("clusters.style: \(error)") }
        }
        let labelText = a.text("label")
        guard labelText.isEmpty || LabelMode(rawValue: labelText) != nil else {
            throw ChainError("clusters.label: '\(labelText)' is not exact, bucket or abbrev")
        }
        let options = ClusterOptions(radius: try a.number("radius"), extent: try a.number("extent"),
                                     maxZoom: try a.integer("max-zoom"), minPoints: try a.integer("min-points"))
        let points = try ChainPoints.read(path: path, renderer: "clusters", parameter: "dataset")
        let filter = try ChainPoints.filter(a.text("filter"), renderer: "clusters")
        let categoriesText = a.text("categories")
        let categories: CategorySpec?
        do {
            // Chains separate their parameters with commas: values are listed with semicolons here.
            categories = categoriesText.isEmpty ? nil : try CategorySpec(parsing: categoriesText.replacingOccurrences(of: ";", with: ","))
        } catch {
            throw ChainError("clusters.categories: \(error)")
        }
        guard let look = PartsLook(rawValue: a.text("parts")) else { throw ChainError("clusters.parts: expected donut, pie or dominant") }
        let index: ClusterIndex
        do {
            index = try ClusterIndex.build(points: points, options: options, categories: categories, filter: filter)
        } catch {
            throw ChainError("clusters.\(error)")
        }
        var marker = PointMarker()
        if let color = try a.color("color") { marker.fill = color }
        return ClustersRenderer(index: index,
                                overlay: try ClusterOverlay(style: style, label: LabelMode(rawValue: labelText), marker: marker,
                                                            categories: categories == nil ? nil : CategoryStyle(look: look)))
    }

    /// Makes `clusters` a name chains understand (the CLI and the server call this at start).
    public static func register() {
        RendererCatalog.register(descriptor)
    }
}
