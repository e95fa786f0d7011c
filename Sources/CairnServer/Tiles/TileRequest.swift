import Codecs
import Tiles

/// One tile a client asked for: `/tiles/{layer}/{z}/{x}/{y}[@2x].{png|jpg|webp}`, parsed and
/// range-checked before anything touches a source or the disk.
package struct TileRequest: Hashable, Sendable {
    package let layer: String
    package let tile: TileID
    /// 1, or 2 for `@2x`.
    package let scale: Int
    package let format: ImageFormat

    /// The cache file, relative to the cache root: `layer/z/x/y[@2x].ext`.
    package var cacheKey: String { layer + "/" + path }

    /// The tile's part of the path: `z/x/y[@2x].ext`.
    package var path: String { "\(tile.z)/\(tile.x)/\(tile.y)\(scale == 2 ? "@2x" : "").\(format.fileExtension)" }

    /// Parses the path's parts. Numbers must be plain decimal integers; z at most 30; x and y on the grid.
    package static func parse(layer: String, z: String, x: String, file: String) throws(ServeError) -> TileRequest {
        guard let dot = file.lastIndex(of: ".") else { throw .notFound("expected {y}.png, {y}.jpg or {y}.webp") }
        var name = file[..<dot]
        let ext = file[file.index(after: dot)...]
        // The extensions are ASCII: one without capitals is one equal to its lower case.
        guard let format = ImageFormat(fileExtension: String(ext)), !ext.utf8.contains(where: { (65...90).contains($0) }) else {
            throw .notFound("unknown tile format '.\(ext)' (png, jpg or webp)")
        }
        var scale = 1
        if name.utf8.count >= 3, name.utf8.suffix(3).elementsEqual("@2x".utf8) {
            scale = 2
            name = name.dropLast(3)
        }
        guard let zoom = plainInteger(z), let column = plainInteger(x), let row = plainInteger(name) else {
            throw .badRequest("z, x and y must be whole numbers")
        }
        guard zoom <= TileID.maximumZoom else { throw .notFound("zoom \(zoom) is beyond \(TileID.maximumZoom)") }
        guard column < 1 << zoom, row < 1 << zoom else { throw .notFound("tile \(zoom)/\(column)/\(row) is outside the grid") }
        return TileRequest(layer: layer, tile: try! TileID(z: zoom, x: column, y: row), scale: scale, format: format)
    }

    /// A non-negative decimal integer of at most 10 digits (no signs, spaces or leading `+`).
    private static func plainInteger(_ text: some StringProtocol) -> Int? {
        let digits = text.utf8
        guard !digits.isEmpty, digits.count <= 10 else { return nil }
        var value = 0
        for digit in digits {
            guard (48...57).contains(digit) else { return nil }
            value = value * 10 + Int(digit - 48)
        }
        return value
    }
}
