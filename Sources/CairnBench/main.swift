import Canvas
import Codecs
import Foundation
import Markers

// `make bench`: medians of Cairn's hot paths against baselines measured in the same run
// (Cairo's own PNG writer and reader, a single-job batch). Timing never fails anything: read the ratios.

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
let tilePath = root + "/Tests/Fixtures/tiles/world/2/2/1.png"
try FontLibrary.configure(fontsDirectory: root + "/Fonts")

print("# Cairn benchmarks — \(ProcessInfo.processInfo.activeProcessorCount) cores, release build, medians")

// MARK: Badges

Report.header("Cluster badges")
let badge = try BadgeStyle.google.layout(for: 42)
let oursBadge = try Measurement.run("badge @2x 48 pt: draw + PNG (Cairn)", iterations: 400) {
    consume(try PNGEncoder().encode(badge.render(scale: 2)))
}
let cairoBadge = try Measurement.run("badge @2x 48 pt: draw + cairo_write_to_png", iterations: 400) {
    consume(try badge.render(scale: 2).cairoPNGData())
}
let drawOnly = try Measurement.run("badge @2x 48 pt: draw only", iterations: 400) {
    consume(try badge.render(scale: 2))
}
Report.row(oursBadge, baseline: cairoBadge, target: "≤ 0.300 ms, ≥ 3x")
Report.row(drawOnly, baseline: nil, target: "")
let badgeSurface = try badge.render(scale: 2)
let encodeBadge = Measurement.run("badge @2x: PNG encode only (Cairn)", iterations: 400, batch: 5) {
    consume(try? PNGEncoder().encode(badgeSurface))
}
let cairoEncodeBadge = Measurement.run("badge @2x: PNG encode only (Cairo)", iterations: 400, batch: 5) {
    consume(try? badgeSurface.cairoPNGData())
}
Report.row(encodeBadge, baseline: cairoEncodeBadge, target: "Cairo ≈ 0.9 ms here")
Report.note("sizes: Cairn \(try PNGEncoder().encode(badgeSurface).count) B, Cairo \(try badgeSurface.cairoPNGData().count) B")

// MARK: Tiles

Report.header("PNG codec on a 256 x 256 map tile")
let tileBytes = Array(FileManager.default.contents(atPath: tilePath)!)
let decodedTile = try ImageDecoder.decode(tileBytes)
let oursDecode = try Measurement.run("decode real tile (paletted PNG, Cairn)", iterations: 300) {
    consume(try ImageDecoder.decode(tileBytes))
}
let cairoDecode = try Measurement.run("decode real tile (Cairo reader)", iterations: 300) {
    consume(try Surface.decodeWithCairo(png: tileBytes))
}
Report.row(oursDecode, baseline: cairoDecode, target: "≤ 0.500 ms")

/// The tile under a translucent colour wash: opaque, thousands of colours (what a chain's output looks like).
func washed(_ tile: Surface, alpha: Double, opaqueBase: Bool) throws -> Surface {
    let result = try Surface(width: 256, height: 256)
    let context = Context(result)
    if opaqueBase { context.draw(tile, in: Rect(x: 0, y: 0, width: 256, height: 256)) }
    context.setLinearGradient(from: Point(x: 0, y: 0), to: Point(x: 256, y: 256),
                              stops: [(0, Color(red: 1, green: 0, blue: 0, alpha: alpha)), (1, Color(red: 0, green: 0, blue: 1, alpha: alpha))])
    context.paint()
    if !opaqueBase { context.draw(tile, in: Rect(x: 0, y: 0, width: 256, height: 256), alpha: 0.5) }
    try context.checkStatus()
    return result
}
let encodeCases: [(String, Surface)] = [
    ("encode real tile (≤256 colours → indexed)", decodedTile),
    ("encode tile + wash (opaque → RGB)", try washed(decodedTile, alpha: 0.3, opaqueBase: true)),
    ("encode translucent tile (RGBA)", try washed(decodedTile, alpha: 0.4, opaqueBase: false)),
]
for (name, surface) in encodeCases {
    let ours = Measurement.run(name + ", Cairn", iterations: 200) { consume(try? PNGEncoder().encode(surface)) }
    let cairo = Measurement.run(name + ", Cairo", iterations: 100) { consume(try? surface.cairoPNGData()) }
    Report.row(ours, baseline: cairo, target: "≤ 1.000 ms")
    Report.note("sizes: Cairn \(try PNGEncoder().encode(surface).count) B, Cairo \(try surface.cairoPNGData().count) B")
}

// MARK: Batch

Report.header("cairn badges --counts 1-10000 --scale 2 (real binary, files on disk)")
// The cairn binary built beside this benchmark.
let cairn = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
    .deletingLastPathComponent().appendingPathComponent("cairn").path
// Each run writes into a new directory and all are removed at the end: deleting files between runs
// would make ext4 search past the freshly freed inodes and time the file system, not Cairn.
let scratch = NSTemporaryDirectory() + "cairn-bench-\(getpid())"
func batch(jobs: Int, label: String) -> ChildProcess {
    ChildProcess.run(cairn, ["badges", "--counts", "1-10000", "--scale", "2", "--label", label,
                             "--out-dir", scratch + "/" + UUID().uuidString, "--jobs", String(jobs), "--quiet"])
}
for label in ["bucket", "exact"] {
    let parallel = (0..<3).map { _ in batch(jobs: ProcessInfo.processInfo.activeProcessorCount, label: label) }
    let single = (0..<3).map { _ in batch(jobs: 1, label: label) }
    let wall = Measurement(name: "10000 badges, --label \(label), all cores", samples: parallel.map { $0.wallSeconds * 1000 })
    let one = Measurement(name: "10000 badges, --label \(label), --jobs 1", samples: single.map { $0.wallSeconds * 1000 })
    Report.row(wall, baseline: one, target: "≤ 3000 ms, ≤ 100 MB")
    Report.note(String(format: "peak memory %.1f MB (all cores), exit %d", parallel.map(\.peakMegabytes).max() ?? 0, parallel[0].status))
}
try? FileManager.default.removeItem(atPath: scratch)
