import Codecs
import Tiles

/// A GetTile as its parameters' text, from either encoding: the RESTful path
/// `/wmts/1.0.0/{layer}/{style}/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.{ext}` or the KVP
/// query (`LAYER=…&STYLE=…&TILEMATRIXSET=…&TILEMATRIX=…&TILEROW=…&TILECOL=…&FORMAT=image/png`).
/// ``tile(in:)`` checks it against a layer, naming the parameter at fault by its KVP name in
/// either encoding.
struct WMTSTileRequest: Sendable, Equatable {
    let layer: String
    let style: String
    let tileMatrixSet: String
    let tileMatrix: String
    let tileRow: String
    let tileCol: String
    let format: ImageFormat

    /// The tile a request names in a layer: its XYZ tile, its `@2x` scale (2 in `WebMercatorQuadx2`), its format.
    struct Tile: Equatable {
        let tile: TileID
        let scale: Int
        let format: ImageFormat
    }

    /// The RESTful path's segments after `/wmts/1.0.0/`; `file` is `{TileCol}.{ext}`.
    init(layer: String, style: String, tileMatrixSet: String, tileMatrix: String, tileRow: String, file: String) throws(OWSException) {
        guard let dot = file.lastIndex(of: "."), let format = ImageFormat(fileExtension: String(file[file.index(after: dot)...])) else {
            throw .invalid("FORMAT", "'\(file.prefix(64))' does not end in a tile format's extension (.png, .jpg, .webp)")
        }
        self.layer = layer
        self.style = style
        self.tileMatrixSet = tileMatrixSet
        self.tileMatrix = tileMatrix
        self.tileRow = tileRow
        tileCol = String(file[..<dot])
        self.format = format
    }

    /// The KVP encoding's parameters, their names in capitals.
    init(kvp query: [String: String]) throws(OWSException) {
        func value(_ name: String) throws(OWSException) -> String {
            guard let value = query[name], !value.isEmpty else { throw .missing(name) }
            return value
        }
        layer = try value("LAYER")
        style = try value("STYLE")
        tileMatrixSet = try value("TILEMATRIXSET")
        tileMatrix = try value("TILEMATRIX")
        tileRow = try value("TILEROW")
        tileCol = try value("TILECOL")
        let mediaType = try value("FORMAT")
        guard let format = [ImageFormat.png, .jpeg, .webp].first(where: { $0.mimeType == mediaType }) else {
            throw .invalid("FORMAT", "'\(mediaType.prefix(64))' is not a tile format (image/png, image/jpeg, image/webp)")
        }
        self.format = format
    }

    /// The tile the request names in `layer`, after checking the style, the tile matrix set, the
    /// matrix (one of the set's, and within the layer's zooms), the row and column (within the
    /// matrix and the layer's limits) and the format (one the layer serves).
    func tile(in layer: WMTSLayer) throws(OWSException) -> Tile {
        guard style == WMTSCapabilities.style else {
            throw .invalid("STYLE", "layer '\(layer.identifier)' has one style, '\(WMTSCapabilities.style)', not '\(style.prefix(64))'")
        }
        guard let set = TileMatrixSet.named(tileMatrixSet) else {
            throw .invalid("TILEMATRIXSET", "'\(tileMatrixSet.prefix(100))' is no tile matrix set of this service (\(TileMatrixSet.all.map(\.id).joined(separator: ", ")))")
        }
        guard let zoom = set.zoom(ofMatrix: tileMatrix) else {
            throw .invalid("TILEMATRIX", "'\(tileMatrix.prefix(64))' is no tile matrix of \(set.id) (0 to \(TileMatrixSet.deepestZoom))")
        }
        guard let limits = layer.limits(zoom: zoom) else {
            throw .outOfRange("TILEMATRIX", "layer '\(layer.identifier)' has tile matrices \(layer.zooms.lowerBound) to \(layer.zooms.upperBound), not \(zoom)")
        }
        let row = try Self.index(tileRow, named: "TILEROW", within: limits.minY...limits.maxY, zoom: zoom)
        let column = try Self.index(tileCol, named: "TILECOL", within: limits.minX...limits.maxX, zoom: zoom)
        guard layer.formats.contains(format) else {
            throw .invalid("FORMAT", "layer '\(layer.identifier)' is served as \(layer.formats.map(\.mimeType).joined(separator: ", ")), not \(format.mimeType)")
        }
        // Within the limits, which are within the matrix.
        return Tile(tile: try! TileID(z: zoom, x: column, y: row), scale: set.scale, format: format)
    }

    /// A row or column: a plain decimal number (else InvalidParameterValue), within `range` (else TileOutOfRange).
    private static func index(_ text: String, named name: String, within range: ClosedRange<Int>, zoom: Int) throws(OWSException) -> Int {
        guard !text.isEmpty, text.utf8.count <= 10, text.utf8.allSatisfy({ (48...57).contains($0) }), let index = Int(text) else {
            throw .invalid(name, "\(name) must be a whole number, not '\(text.prefix(64))'")
        }
        guard range.contains(index) else {
            throw .outOfRange(name, "\(name) \(index) is outside \(range.lowerBound) to \(range.upperBound), the layer's tiles in tile matrix \(zoom)")
        }
        return index
    }
}
