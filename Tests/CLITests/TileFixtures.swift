import Canvas
import Codecs
import Foundation
import Tiles

/// The corpus tiles' `z/x/y.png` tree.
let worldTiles = Cairn.repositoryRoot + "/Tests/Fixtures/tiles/world"

/// A corpus tile's PNG bytes, by `z/x/y`.
func worldTile(_ path: String) -> [UInt8] {
    Array(FileManager.default.contents(atPath: "\(worldTiles)/\(path).png")!)
}

/// The @2x (512 px) tile of `tile` as a hi-dpi tile server would have it: the real 256 px corpus
/// tiles of its four children at z+1, side by side.
func retinaTile(_ tile: TileID) throws -> Surface {
    let surface = try Surface(width: 512, height: 512)
    let context = Context(surface)
    for child in tile.children {
        let image = try ImageDecoder.decode(worldTile(child.description))
        context.draw(image, in: Rect(x: Double(child.x - 2 * tile.x) * 256, y: Double(child.y - 2 * tile.y) * 256, width: 256, height: 256))
    }
    return surface
}

/// The surface's premultiplied pixels, row by row.
func pixels(_ surface: Surface) -> [UInt32] { surface.withPixels { p, _ in Array(p) } }

/// The image format named by the file's first bytes (`png`, `jpeg`, `webp`), checked here byte by
/// byte rather than with Cairn's own sniffing; "?" for anything else.
func magic(_ bytes: [UInt8]) -> String {
    if bytes.starts(with: pngSignature) { return "png" }
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpeg" }
    if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return "webp" }
    return "?"
}

/// The bytes of a file (empty when it cannot be read).
func contents(_ path: String) -> [UInt8] {
    FileManager.default.contents(atPath: path).map(Array.init) ?? []
}

/// Writes `bytes` to `path`, creating the directories on the way.
func write(_ bytes: [UInt8], to path: String) throws {
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// The files (not directories) below `root`, as sorted relative paths.
func files(under root: String) -> [String] {
    (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root + "/" + $0, isDirectory: &isDirectory) && !isDirectory.boolValue
    }.sorted()
}

/// The mean absolute difference of two same-sized images, per channel (0 to 255): how far a lossy
/// round trip (JPEG, lossy WebP) strayed from the original.
func meanDifference(_ a: Surface, _ b: Surface) -> Double {
    precondition(a.width == b.width && a.height == b.height, "\(a.width)x\(a.height) vs \(b.width)x\(b.height)")
    var total = 0
    for y in 0..<a.height { for x in 0..<a.width {
        let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
        total += abs(Int(p.r) - Int(q.r)) + abs(Int(p.g) - Int(q.g)) + abs(Int(p.b) - Int(q.b)) + abs(Int(p.a) - Int(q.a))
    } }
    return Double(total) / Double(4 * a.width * a.height)
}

/// Pixels that are not grey (R, G and B not all within `tolerance` of each other), described.
func colouredPixels(_ image: Surface, tolerance: Int = 0) -> [String] {
    var found: [String] = []
    for y in 0..<image.height { for x in 0..<image.width {
        let p = image.pixel(x: x, y: y)
        if Int(max(p.r, p.g, p.b) - min(p.r, p.g, p.b)) > tolerance { found.append("(\(x), \(y)) is \(p)") }
    } }
    return found
}
