import Canvas
import Codecs
import Foundation
import Tiles
import SeededRandom
import TestTier

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

/// A `side`×`side` surface painted all in `color` (white by default).
func solidSurface(_ color: Color = .white, width: Int = 256, height: Int = 256) throws -> Surface {
    let surface = try Surface(width: width, height: height)
    let context = Context(surface)
    context.setColor(color)
    context.paint()
    return surface
}

/// Runs a command-line tool (found on PATH) and returns its exit status and standard output.
func runTool(_ arguments: [String]) throws -> (status: Int32, output: String) {
    try TestTier.requireProcesses(arguments.first ?? "a tool")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// A SplitMix64 generator for property tests: the same cases on every run, and a failure message
/// names the seed, so `SEED=N swift test --filter …` replays (or, with a new N, explores) them.
struct SeededGenerator: RandomNumberGenerator {
    let seed: UInt64
    private var generator: SplitMix64

    /// The seed from the `SEED` environment variable, else a fixed one.
    init(seed: UInt64 = ProcessInfo.processInfo.environment["SEED"].flatMap { UInt64($0) } ?? 0x5EED_CA12) {
        self.seed = seed
        generator = SplitMix64(seed: seed)
    }

    mutating func next() -> UInt64 { generator.next() }
}

/// A solid `color` image of `width`×`height` written as a PNG file in a new temporary directory; its path.
func solidPNG(_ color: Color, width: Int, height: Int) throws -> String {
    let path = try temporaryDirectory() + "/solid-\(width)x\(height).png"
    try Data(PNGEncoder().encode(try solidSurface(color, width: width, height: height))).write(to: URL(fileURLWithPath: path))
    return path
}

/// The box around the pixels that `isInk` picks: inclusive corners, nil when none is picked.
struct InkBox: Equatable, CustomStringConvertible {
    var minX: Int, minY: Int, maxX: Int, maxY: Int
    var width: Int { maxX - minX + 1 }
    var height: Int { maxY - minY + 1 }
    var description: String { "(\(minX), \(minY))–(\(maxX), \(maxY))" }

    init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    init?(_ image: Surface, isInk: (RGBA8) -> Bool) {
        var box: InkBox?
        for y in 0..<image.height { for x in 0..<image.width where isInk(image.pixel(x: x, y: y)) {
            box = InkBox(minX: min(box?.minX ?? x, x), minY: min(box?.minY ?? y, y), maxX: max(box?.maxX ?? x, x), maxY: max(box?.maxY ?? y, y))
        } }
        guard let box else { return nil }
        self = box
    }
}
