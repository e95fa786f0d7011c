import Foundation

/// A tile matrix set of OGC's Two Dimensional Tile Matrix Set standard (17-083r4, the one WMTS 1.0
/// and OGC API – Tiles name): the square Web Mercator grid every `/tiles/…` layer is cut on, as
/// 256-pixel tiles (`WebMercatorQuad`, the `GoogleMapsCompatible` well-known scale set) or as the
/// `@2x` tiles' 512 pixels (`WebMercatorQuadx2`: matrix z is 2^z × 2^z tiles of 512 pixels).
struct TileMatrixSet: Sendable, Equatable {
    /// One zoom level of the set.
    struct Matrix: Sendable, Equatable {
        /// The identifier clients send as `TileMatrix`: the zoom, in decimal.
        let id: String
        let zoom: Int
        /// The scale denominator at OGC's standardized 0.28 mm pixel.
        let scaleDenominator: Double
        /// Metres (of EPSG:3857) per pixel.
        let cellSize: Double
        /// Tiles across, and down: 2^zoom.
        let matrixSize: Int
    }

    /// `WebMercatorQuad`, the identifier in URLs and documents.
    let id: String
    let title: String
    /// The standard's URI of the definition (the OGC registry's for `WebMercatorQuad`).
    let uri: String
    /// Pixels across a tile, and down.
    let tileSize: Int
    /// Which `@2x` scale the set's tiles are: 1 for 256 pixels, 2 for 512.
    let scale: Int

    /// EPSG:3857 as OGC API's JSON names it, and as WMTS 1.0 capabilities do.
    static let crsURI = "http://www.opengis.net/def/crs/EPSG/0/3857"
    static let crsURN = "urn:ogc:def:crs:EPSG::3857"
    /// The `GoogleMapsCompatible` well-known scale set that `WebMercatorQuad` is.
    static let wellKnownScaleSet = "urn:ogc:def:wkss:OGC:1.0:GoogleMapsCompatible"
    /// Half the world's width in EPSG:3857 metres: the top-left corner is (-this, this).
    static let originOffset = 20037508.3427892
    /// Metres per pixel at zoom 0 of a 256-pixel tile: 2π·6378137 / 256.
    static let cellSizeAtZero256 = 2 * Double.pi * 6_378_137 / 256
    /// The deepest zoom either set lists (as MapProxy and the OGC registry do for WebMercatorQuad, 0–24).
    static let deepestZoom = 24

    /// The 256-pixel set.
    static let webMercatorQuad = TileMatrixSet(
        id: "WebMercatorQuad", title: "Google Maps Compatible for the World",
        uri: "http://www.opengis.net/def/tilematrixset/OGC/1.0/WebMercatorQuad", tileSize: 256, scale: 1)
    /// The 512-pixel set made of the `@2x` tiles.
    static let webMercatorQuadx2 = TileMatrixSet(
        id: "WebMercatorQuadx2", title: "Web Mercator in 512-pixel tiles (the @2x tiles of WebMercatorQuad)",
        uri: "WebMercatorQuadx2", tileSize: 512, scale: 2)
    /// Both, `WebMercatorQuad` first.
    static let all = [webMercatorQuad, webMercatorQuadx2]

    /// The set a client names, by its identifier, its URI, or (for `WebMercatorQuad`) the
    /// well-known scale set's URN and `GoogleMapsCompatible`, as WMTS clients send them; nil when none.
    static func named(_ name: String) -> TileMatrixSet? {
        switch name {
        case webMercatorQuad.id, webMercatorQuad.uri, wellKnownScaleSet, "GoogleMapsCompatible",
             "urn:ogc:def:tilematrixset:OGC:1.0:WebMercatorQuad":
            return webMercatorQuad
        case webMercatorQuadx2.id:
            return webMercatorQuadx2
        default:
            return nil
        }
    }

    /// The matrix of `zoom` (0…``deepestZoom``).
    func matrix(_ zoom: Int) -> Matrix {
        let cellSize = Self.cellSizeAtZero256 / Double(scale) / pow(2, Double(zoom))
        return Matrix(id: String(zoom), zoom: zoom, scaleDenominator: cellSize / 0.000_28, cellSize: cellSize,
                      matrixSize: 1 << zoom)
    }

    /// The matrices of zooms 0…``deepestZoom``.
    var matrices: [Matrix] { (0...Self.deepestZoom).map(matrix) }

    /// The zoom a `TileMatrix` identifier names, nil when it is none of this set's.
    func zoom(ofMatrix id: String) -> Int? {
        guard let zoom = Int(id), zoom >= 0, zoom <= Self.deepestZoom, String(zoom) == id else { return nil }
        return zoom
    }
}
