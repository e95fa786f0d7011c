import Codecs
import Tiles

/// One raster layer of the WMTS (`Contents/Layer`): a configured layer's tiles (`/tiles/{layer}/…`,
/// identifier the layer's name), or a dataset's cluster overlay, heatmap or grid tiles
/// (`/clusters/{dataset}/…`, `/heatmap/…`, `/grid/…`; identifier `clusters:{dataset}`,
/// `heatmap:{dataset}`, `grid:{dataset}`: `:` is in no configured name, so they never collide). Its
/// GetTile is answered by the route it stands for, with that route's cached answer.
struct WMTSLayer: Sendable {
    /// The route whose tiles the layer is: its first path segment, and the name in it.
    enum Origin: Sendable, Equatable {
        case tiles(String)
        case clusters(String)
        case heatmap(String)
        case grid(String)

        /// The route's first path segment: `tiles`, `clusters`, `heatmap` or `grid`.
        var route: String {
            switch self {
            case .tiles: "tiles"
            case .clusters: "clusters"
            case .heatmap: "heatmap"
            case .grid: "grid"
            }
        }

        /// The layer's or dataset's name.
        var name: String {
            switch self {
            case .tiles(let name), .clusters(let name), .heatmap(let name), .grid(let name): name
            }
        }

        /// The signing group of the route (``SignedRoute``), nil for routes that are never signed:
        /// a signed route is no WMTS layer, its clients cannot sign.
        var group: SignedRoute? {
            switch self {
            case .tiles: .tiles
            case .clusters: .clusters
            case .heatmap, .grid: nil
            }
        }

        /// `world`, `clusters:places`, `heatmap:places`, `grid:places`.
        var identifier: String {
            if case .tiles(let name) = self { return name }
            return route + ":" + name
        }

        /// Whether its route has vector tiles too: a dataset's clusters (`.mvt`) and grid (`.mvt`).
        var hasVectorTiles: Bool {
            switch self {
            case .clusters, .grid: true
            case .tiles, .heatmap: false
            }
        }

        /// The origins `config` lists whose routes are not signed: its layers in file order, then
        /// each dataset's clusters, heatmap and grid.
        static func listed(in config: ServerConfig) -> [Origin] {
            let signed = config.security.signing?.routes ?? []
            let origins = config.layers.map { Origin.tiles($0.name) }
                + config.datasets.flatMap { [Origin.clusters($0.name), .heatmap($0.name), .grid($0.name)] }
            return origins.filter { origin in origin.group.map { !signed.contains($0) } ?? true }
        }

        /// The origin an identifier names: `{dataset}` after a route's `{route}:`, else a layer's name.
        init(identifier: String) {
            let parts = identifier.split(separator: ":", maxSplits: 1).map(String.init)
            switch parts.count == 2 ? parts[0] : "" {
            case "clusters": self = .clusters(parts[1])
            case "heatmap": self = .heatmap(parts[1])
            case "grid": self = .grid(parts[1])
            default: self = .tiles(identifier)
            }
        }
    }

    let origin: Origin
    let title: String
    let abstract: String
    /// The formats it serves, the one to prefer first.
    let formats: [ImageFormat]
    /// The zooms it has tiles at: its TileMatrixSetLimits.
    let zooms: ClosedRange<Int>
    /// Where it has tiles (WGS 84), the whole Web Mercator world unless an archive says otherwise.
    let bounds: BoundingBox

    /// Its origin's identifier: `world`, `clusters:places`, `heatmap:places`, `grid:places`.
    var identifier: String { origin.identifier }

    /// The rows and columns of zoom `zoom`'s matrix (of either set: they share the grid) the layer
    /// has tiles in; nil outside its zooms.
    func limits(zoom: Int) -> TileRange? {
        guard zooms.contains(zoom) else { return nil }
        let ranges = bounds.tileRanges(zoom: zoom)
        let last = (1 << zoom) - 1
        guard let first = ranges.first else { return TileRange(z: zoom, minX: 0, maxX: last, minY: 0, maxY: last) }
        // Across the antimeridian: every column, the rows the halves share.
        return ranges.count == 1 ? first : TileRange(z: zoom, minX: 0, maxX: last, minY: first.minY, maxY: first.maxY)
    }

    /// The path of the tile's route (after its leading `/`): `tiles/world/3/4/2@2x.png`.
    func routePath(_ tile: TileID, scale: Int, format: ImageFormat) -> String {
        "\(origin.route)/\(origin.name)/\(tile.z)/\(tile.x)/\(tile.y)\(scale == 2 ? "@2x" : "").\(format.fileExtension)"
    }
}
