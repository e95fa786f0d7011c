import CMalloc
import Canvas
import Codecs
import Foundation
import Markers
import Tiles

// `make bench`: medians of Cairn's hot paths against baselines measured in the same run
// (Cairo's own PNG writer and reader, a single-job batch). Timing never fails anything: read the ratios.

// As `cairn` does at start (see its main.swift): blocks of 4 MB and more are mapped on their own
// and given back when freed, so memory peaks are the product's.
#if os(Linux)
mallopt(M_MMAP_THRESHOLD, 4 << 20)
#endif

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
let tilePath = root + "/Tests/Fixtures/tiles/world/2/2/1.png"
try FontLibrary.configure(fontsDirectory: root + "/Fonts")

// `CairnBench animation`: only the animated-tile section, with its targets unscaled.
if CommandLine.arguments.dropFirst().first == "animation" {
    try AnimationBench(machineFactor: nil, tilePath: tilePath).run()
    exit(0)
}
// `CairnBench overlay`: only the cluster-tile section (overlay PNG and vector tiles), targets unscaled.
if CommandLine.arguments.dropFirst().first == "overlay" {
    OverlayBench(machineFactor: 1, citiesPath: root + "/Samples/points/cities15000.geojson").run()
    exit(0)
}
// `CairnBench filters`: only the filtered-clusters section, targets unscaled.
if CommandLine.arguments.dropFirst().first == "filters" {
    FilterBench(machineFactor: 1).run()
    exit(0)
}
// `CairnBench png`: only the PNG encoder section (SIMD against libdeflate level 1 + sub).
if CommandLine.arguments.dropFirst().first == "png" {
    PNGEncodeBench(projectRoot: root).run()
    exit(0)
}
// `CairnBench clusters`: only the clustering section (index builds, memory, queries), targets unscaled.
if CommandLine.arguments.dropFirst().first == "clusters" {
    ClusterBench(machineFactor: 1).run()
    exit(0)
}

// `CairnBench grid POINTS TILES`: grid vector tiles, for scripts/bench-grid.sh.
if CommandLine.arguments.dropFirst().first == "grid", CommandLine.arguments.count == 4 {
    try GridBench(pointsPath: CommandLine.arguments[2], tilesPath: CommandLine.arguments[3]).run()
    exit(0)
}

// `CairnBench heatmap POINTS TILES`: heatmap and cluster overlay tiles, for scripts/bench-heatmap.sh.
if CommandLine.arguments.dropFirst().first == "heatmap", CommandLine.arguments.count == 4 {
    try HeatmapBench(pointsPath: CommandLine.arguments[2], tilesPath: CommandLine.arguments[3]).run()
    exit(0)
}

// `CairnBench archives`: only the tile-archive section (100 000 tiles to PMTiles and to MBTiles).
if CommandLine.arguments.dropFirst().first == "archives" {
    try ArchiveBench(fixtures: root + "/Tests/Fixtures/tiles/world", scratch: NSTemporaryDirectory() + "cairn-bench-archives-\(getpid())").run()
    exit(0)
}

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
var labelCount = 0
let layoutOnly = try Measurement.run("badge layout: bucket, label, measure", iterations: 400) {
    labelCount += 1
    consume(try BadgeStyle.google.layout(for: 1000 + labelCount % 5000, label: .exact))
}
Report.row(oursBadge, baseline: cairoBadge, target: "≤ 0.300 ms, ≥ 3x")
Report.note("(the machine factor below scales the absolute targets)")
Report.row(drawOnly, baseline: nil, target: "")
Report.row(layoutOnly, baseline: nil, target: "")
let badgeSurface = try badge.render(scale: 2)
let encodeBadge = Measurement.run("badge @2x: PNG encode only (Cairn)", iterations: 400, batch: 5) {
    consume(try? PNGEncoder().encode(badgeSurface))
}
let cairoEncodeBadge = Measurement.run("badge @2x: PNG encode only (Cairo)", iterations: 400, batch: 5) {
    consume(try? badgeSurface.cairoPNGData())
}
Report.row(encodeBadge, baseline: cairoEncodeBadge, target: "Cairo ≈ 0.9 ms on the reference machine")
// The issues' absolute targets were set where Cairo's writer took 0.9 ms for this badge; this
// machine's speed relative to that one scales them, so a slower VM is judged fairly.
let machineFactor = max(1, cairoEncodeBadge.median / 0.9)
Report.note(String(format: "machine factor: Cairo's writer is %.2fx slower here than on the reference machine", machineFactor))

/// An absolute target and what it becomes on this machine.
func target(_ milliseconds: Double) -> String {
    String(format: "≤ %.3f ms (%.3f here)", milliseconds, milliseconds * machineFactor)
}
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
Report.row(oursDecode, baseline: cairoDecode, target: target(0.5))

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
    Report.row(ours, baseline: cairo, target: target(1.0))
    Report.note("sizes: Cairn \(try PNGEncoder().encode(surface).count) B, Cairo \(try surface.cairoPNGData().count) B")
}

// MARK: Clusters

ClusterBench(machineFactor: machineFactor).run()
FilterBench(machineFactor: machineFactor).run()
OverlayBench(machineFactor: machineFactor, citiesPath: root + "/Samples/points/cities15000.geojson").run()
StaticBench(machineFactor: machineFactor, root: root).run()
try AnimationBench(machineFactor: machineFactor, tilePath: tilePath).run()

// MARK: PNG encoder

PNGEncodeBench(projectRoot: root).run()

// MARK: Renderer chain

Report.header("Renderer chain `mosaic|grid` over the 285 real tiles (one core, per tile)")
let worldRoot = root + "/Tests/Fixtures/tiles/world"
let corpus: [(TileID, [UInt8])] = (FileManager.default.enumerator(atPath: worldRoot)?.allObjects as? [String] ?? [])
    .filter { $0.hasSuffix(".png") }.sorted()
    .compactMap { path in (try? TileID(path: path)).map { ($0, Array(FileManager.default.contents(atPath: worldRoot + "/" + path)!)) } }
let mosaicGrid = TileProcessor(chain: try RendererChain(spec: "mosaic|grid"))
let recodeOnly = TileProcessor(chain: try RendererChain(spec: ""), recode: true)
/// Walks the corpus round and round, so every measurement sees every tile.
final class CorpusCursor {
    let tiles: [(TileID, [UInt8])]
    var index = 0
    init(_ tiles: [(TileID, [UInt8])]) { self.tiles = tiles }
    func next() -> (TileID, [UInt8]) { index = (index + 1) % tiles.count; return tiles[index] }
}
let cursor = CorpusCursor(corpus)
let nextTile = { cursor.next() }
let chainRun = Measurement.run("decode + mosaic|grid + PNG encode (Cairn)", iterations: 570) {
    let (tile, bytes) = nextTile()
    consume(try? mosaicGrid.process(bytes, tile: tile))
}
let recodeRun = Measurement.run("decode + PNG encode only (Cairn)", iterations: 570) {
    let (tile, bytes) = nextTile()
    consume(try? recodeOnly.process(bytes, tile: tile))
}
let cairoChain = Measurement.run("Cairo read + mosaic|grid + Cairo write", iterations: 285) {
    let (tile, bytes) = nextTile()
    guard var image = try? Surface.decodeWithCairo(png: bytes) else { return }
    try? mosaicGrid.chain.render(&image, context: RenderContext(tile: tile))
    consume(try? image.cairoPNGData())
}
let decodedCorpus = corpus.map { ($0.0, try! ImageDecoder.decode($0.1)) }
/// The drawing of a chain alone, on copies of the decoded tiles.
func drawing(_ spec: String) throws -> Measurement {
    let chain = try RendererChain(spec: spec)
    let cursor = CorpusCursor([])
    return Measurement.run("\(spec) drawing only", iterations: 570) {
        cursor.index = (cursor.index + 1) % decodedCorpus.count
        let (tile, decoded) = decodedCorpus[cursor.index]
        guard var image = try? decoded.copy() else { return }
        try? chain.render(&image, context: RenderContext(tile: tile))
        consume(image)
    }
}
let drawRun = try drawing("mosaic|grid")
let mosaicRun = try drawing("mosaic"), gridRun = try drawing("grid"), copyRun = try drawing("identity")
Report.row(chainRun, baseline: cairoChain, target: target(1.5))
Report.row(recodeRun, baseline: nil, target: "")
Report.row(drawRun, baseline: nil, target: "")
Report.row(mosaicRun, baseline: nil, target: "")
Report.row(gridRun, baseline: nil, target: "")
Report.row(copyRun, baseline: nil, target: "(the tile copy every drawing row includes)")
// Two readings of "the chain adds at most 25 % over decode + encode alone": the drawing's own time
// over the rest of the same run, and the whole difference against decoding and re-encoding the
// untouched tiles, which also counts the dearer encode of a mosaicked tile (more colours than a palette holds).
Report.note(String(format: "the drawing adds %.0f %% over decoding and encoding the same tiles (target ≤ 25 %%)",
                   drawRun.median / (chainRun.median - drawRun.median) * 100))
Report.note(String(format: "decode + chain + encode is %.0f %% over decode + encode of the untouched tiles (the encode of a mosaicked tile costs more)",
                   (chainRun.median - recodeRun.median) / recodeRun.median * 100))

// CAIRN_BENCH_QUICK=1: only the in-process sections above (about half a minute), for iterating on them.
if ProcessInfo.processInfo.environment["CAIRN_BENCH_QUICK"] != nil { exit(0) }

// MARK: Batch

Report.header("cairn badges --counts 1-10000 --scale 2 (the real binary; 3 runs each)")
let cairn = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
    .deletingLastPathComponent().appendingPathComponent("cairn").path
let cores = ProcessInfo.processInfo.activeProcessorCount
// Memory (tmpfs) shows Cairn's own cost; disk adds the file system's, which on these VMs is large and
// erratic (creating 10 000 files costs 1 to 4 s of kernel time here, whatever writes them).
// Each run writes into a new directory and all are removed at the end: deleting between runs would
// make ext4 search past freshly freed inodes and time that instead.
let memoryRoot = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
let diskRoot = NSTemporaryDirectory()
let scratchName = "/cairn-bench-\(getpid())/"
func batch(jobs: Int, label: String, root: String) -> ChildProcess {
    let directory = root + scratchName + UUID().uuidString
    return ChildProcess.run(cairn, ["badges", "--counts", "1-10000", "--scale", "2", "--label", label,
                                    "--out-dir", directory, "--jobs", String(jobs), "--quiet"])
}
func runs(_ name: String, jobs: Int, label: String, root: String) -> (Measurement, Double, Int32) {
    let results = (0..<3).map { _ in batch(jobs: jobs, label: label, root: root) }
    return (Measurement(name: name, samples: results.map { $0.wallSeconds * 1000 }),
            results.map(\.peakMegabytes).max() ?? 0, results[0].status)
}
for label in ["exact", "bucket"] {
    let (parallel, memory, status) = runs("--label \(label), to memory, \(cores) jobs", jobs: cores, label: label, root: memoryRoot)
    let (single, _, _) = runs("--label \(label), to memory, 1 job", jobs: 1, label: label, root: memoryRoot)
    Report.row(parallel, baseline: single, target: String(format: "≤ 3000 ms (%.0f here), ≤ 100 MB", 3000 * machineFactor))
    Report.note(String(format: "peak memory %.1f MB, exit %d", memory, status))
}
let (disk, diskMemory, diskStatus) = runs("--label exact, to disk (\(diskRoot)), \(cores) jobs", jobs: cores, label: "exact", root: diskRoot)
Report.row(disk, baseline: nil, target: String(format: "≤ 3000 ms (%.0f here)", 3000 * machineFactor))
Report.note(String(format: "peak memory %.1f MB, exit %d", diskMemory, diskStatus))
for root in Set([memoryRoot, diskRoot]) { try? FileManager.default.removeItem(atPath: root + scratchName) }

// MARK: Render

RenderBench(cairn: cairn, fixtures: worldRoot, memoryRoot: memoryRoot, diskRoot: diskRoot, machineFactor: machineFactor).run()

// MARK: Tile archives

try ArchiveBench(fixtures: worldRoot, scratch: diskRoot + "/cairn-bench-archives-\(getpid())").run()
