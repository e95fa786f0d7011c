import Codecs
import Tiles

/// One raster layer of the WMTS (`Contents/Layer`): a configured layer's tiles (`/tiles/{layer}/…`,
/// identifier the layer's name) or a dataset's cluster overlay tiles (`/clusters/{dataset}/…`,
/// identifier `clusters:{dataset}`; `:` is in no configured name, so the two never collide). Its
/// GetTile is answered by the route it stands for, with that route's cached answer.
struct WMTSLayer: Sendable {
    /// The route whose tiles the layer is: its first path segment, and the name in it.
    enum Origin: Sendable, Equatable {
        case tiles(String)
        case clusters(String)

        /// The route's first path segment, `tiles` or `clusters`.
        var route: String {
            switch self {
            case .tiles: "tiles"
            case .clusters: "clusters"
            }
        }

        /// The layer's or dataset's name.
        var name: String {
            switch self {
            case .tiles(let name), .clusters(let name): name
            }
        }

        /// The signing group of the route (``SignedRoute``): a signed route is no WMTS layer, its
        /// clients cannot sign.
        var group: SignedRoute {
            switch self {
            case .tiles: .tiles
            case .clusters: .clusters
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

    /// `world`, `clusters:places`.
    var identifier: String {
        switch origin {
        case .tiles(let name): name
        case .clusters(let name): "clusters:" + name
        }
    }

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
