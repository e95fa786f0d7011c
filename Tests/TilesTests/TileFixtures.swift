import Canvas
import Codecs
import Foundation
import Tiles

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// The corpus tiles' `z/x/y.png` tree.
let worldTiles = repositoryRoot + "/Tests/Fixtures/tiles/world"

/// A new empty directory under the system's temporary directory.
func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "cairn-tiles-test-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// A real 256 px map tile from the corpus, encoded.
func tileBytes(_ path: String = "2/2/1") -> [UInt8] {
    Array(FileManager.default.contents(atPath: repositoryRoot + "/Tests/Fixtures/tiles/world/\(path).png")!)
}

/// The tile decoded, with a colourful mosaic on top so that colour filters have colour to work on.
func colourfulTile() throws -> Surface {
    var image = try ImageDecoder.decode(tileBytes())
    try MosaicRenderer(cells: 8, alpha: 0.6).render(&image, context: RenderContext(tile: try TileID(z: 2, x: 2, y: 1)))
    return image
}

func pixels(_ surface: Surface) -> [UInt32] { surface.withPixels { p, _ in Array(p) } }
