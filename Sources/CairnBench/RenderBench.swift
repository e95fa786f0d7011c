import Foundation
import Tiles

/// The "cairn render" section: the real release binary over a `{z}/{x}/{y}.png` tree of symbolic
/// links to the fixture tiles. It times every zoom-7 tile (16,384) through `mosaic|grid` on all cores
/// into tmpfs, disk and MBTiles; takes the memory peak of a 100,352-tile render into MBTiles; and
/// times `--dry-run` over the 1,398,101 tiles of zooms 0-10. Like the badges batch, every run writes
/// somewhere new (see main.swift on ext4 and deletes); all is removed at the end.
struct RenderBench {
    let cairn: String
    /// The fixture tiles, `{z}/{x}/{y}.png`.
    let fixtures: String
    /// tmpfs (falls back to the temporary directory), and the temporary directory on disk.
    let memoryRoot: String
    let diskRoot: String
    /// How much slower this machine is than the one the targets were set on.
    let machineFactor: Double

    private let cores = ProcessInfo.processInfo.activeProcessorCount
    private let scratch = "/cairn-render-bench-\(getpid())/"
    /// Zoom 7 of the whole world (16,384 tiles) is the throughput workload; the 196 northernmost
    /// rows of zoom 9 (100,352 tiles) the memory one; zooms 0-10 of the world the dry run's.
    private let world = BoundingBox.world
    private let north = try! BoundingBox(west: -180, south: WebMercator.latitude(y: 196, zoom: 9),
                                         east: 180, north: WebMercator.maximumLatitude)
    private let dryRunBox = try! BoundingBox(parsing: "-180,-85.0511,180,85.0511")
    private var source: String { memoryRoot + scratch + "source" }

    func run() {
        Report.header("cairn render (the real binary, over symbolic links to the 285 fixture tiles; one run per mosaic|grid row)")
        defer { for root in Set([memoryRoot, diskRoot]) { try? FileManager.default.removeItem(atPath: root + scratch) } }
        let start = DispatchTime.now().uptimeNanoseconds
        // The dry run renders 8 sample tiles spread over its list for the size estimate: link those too.
        let samples = TileList(region: dryRunBox, zooms: 0...10).samples(8)
            .map { TileRange(z: $0.z, minX: $0.x, maxX: $0.x, minY: $0.y, maxY: $0.y) }
        let ranges = world.tileRanges(zoom: 7) + north.tileRanges(zoom: 9) + samples
        guard makeDirectory(memoryRoot + scratch + "out"), makeDirectory(diskRoot + scratch + "out"), linkSource(ranges) else {
            return Report.note("⚠ could not make the source tree in \(source) or the output directories")
        }
        Report.note(String(format: "source: %d links made in %.1f s", ranges.reduce(0) { $0 + $1.count },
                           Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9))
        throughput()
        memory()
        dryRun()
    }

    /// 16,384 tiles into a directory on tmpfs, on disk, and an MBTiles file on disk, on every core;
    /// the empty chain (tiles copied, never decoded) is the reference. One such render takes 13 s or
    /// more on 2 cores, so to keep the section near 3 minutes each runs once, the cheap reference
    /// thrice, and only the tmpfs row has a one-job baseline.
    private func throughput() {
        let tiles = world.tileCount(zooms: 7...7)
        let cases: [(name: String, chain: String, root: String, mbtiles: Bool, runs: Int, singleJobRuns: Int)] = [
            ("mosaic|grid → tmpfs dir", "mosaic|grid", memoryRoot, false, 1, 1),
            ("mosaic|grid → disk dir", "mosaic|grid", diskRoot, false, 1, 0),
            ("mosaic|grid → disk MBTiles", "mosaic|grid", diskRoot, true, 1, 0),
            ("empty chain → tmpfs dir", "", memoryRoot, false, 3, 0),
        ]
        for item in cases {
            let render = { (jobs: Int) in
                self.render(self.world, zoom: 7, chain: item.chain, into: item.root, mbtiles: item.mbtiles, jobs: jobs)
            }
            let ours = Runs("z7 \(item.name), \(cores) jobs", count: item.runs) { render(cores) }
            let single = item.singleJobRuns == 0 ? nil : Runs("", count: item.singleJobRuns) { render(1) }
            Report.row(ours.measurement, baseline: single?.measurement,
                       target: String(format: "≥ 800 tiles/s (%.0f here)", 800 / machineFactor))
            let baseline = single.map { String(format: " (1 job %.0f)", $0.rate(tiles)) } ?? ""
            let exits = Runs.exits(ours.statuses + (single?.statuses ?? []))
            Report.note(String(format: "%.0f tiles/s", ours.rate(tiles)) + baseline
                        + String(format: ", peak %.1f MB, ", ours.peakMegabytes) + exits)
        }
    }

    /// One render of over 100,000 tiles into an MBTiles file on disk: memory must not grow with the job.
    private func memory() {
        let tiles = north.tileCount(zooms: 9...9)
        let run = Runs("", count: 1) { render(north, zoom: 9, chain: "mosaic|grid", into: diskRoot, mbtiles: true, jobs: cores) }
        Report.row(Measurement(name: "z9, \(tiles) tiles → disk MBTiles, peak", samples: [run.peakMegabytes]),
                   baseline: nil, target: "≤ 150 MB", unit: "MB")
        Report.note(String(format: "%.0f tiles/s (%.1f s), ", run.rate(tiles), run.measurement.median / 1000) + Runs.exits(run.statuses))
    }

    /// `--dry-run` counts 1,398,101 tiles (zooms 0-10 of the world) and estimates the size from a few samples.
    private func dryRun() {
        let output = memoryRoot + scratch + "dry-run.txt"
        let run = Runs("--dry-run, z0-10, 1398101 tiles", count: 5) {
            render(["--bbox=\(dryRunBox)", "--zoom", "0-10", "--chain", "mosaic|grid", "--dry-run"], stdout: output)
        }
        Report.row(run.measurement, baseline: nil, target: String(format: "< 2000 ms (%.0f here)", 2000 * machineFactor))
        let last = (try? String(contentsOfFile: output, encoding: .utf8))?.split(separator: "\n").last.map(String.init) ?? ""
        let check = last.hasPrefix("total 1398101 tiles, estimated") ? last : "⚠ last line is not the expected total: \"\(last)\""
        Report.note("\(check); \(Runs.exits(run.statuses))")
    }

    /// `cairn render --source <the link tree> ARGUMENTS`.
    private func render(_ arguments: [String], stdout: String? = nil) -> ChildProcess {
        ChildProcess.run(cairn, ["render", "--source", "file://" + source + "/{z}/{x}/{y}.png"] + arguments, stdout: stdout)
    }

    /// `box` at `zoom` through `chain` into a new directory, or MBTiles file, under `root`.
    private func render(_ box: BoundingBox, zoom: Int, chain: String, into root: String, mbtiles: Bool, jobs: Int) -> ChildProcess {
        let out = root + scratch + "out/" + UUID().uuidString + (mbtiles ? ".mbtiles" : "")
        let chain = chain.isEmpty ? [] : ["--chain", chain]  // `--chain ''` is refused as a missing value
        return render(["--bbox=\(box)", "--zoom", String(zoom)] + chain + ["--out", out, "--jobs", String(jobs), "--quiet"])
    }

    /// Links every tile of `ranges` (which may overlap) to a fixture tile, picked by
    /// `(31 x + 17 y) mod 285` so that neighbours differ; false when a directory or link cannot be made.
    private func linkSource(_ ranges: [TileRange]) -> Bool {
        let corpus = (FileManager.default.enumerator(atPath: fixtures)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".png") }.sorted().map { fixtures + "/" + $0 }
        guard !corpus.isEmpty else { return false }
        for range in ranges {
            for x in range.minX...range.maxX {
                let column = "\(source)/\(range.z)/\(x)"
                guard makeDirectory(column) else { return false }
                for y in range.minY...range.maxY {
                    let made = symlink(corpus[(x * 31 + y * 17) % corpus.count], "\(column)/\(y).png") == 0
                    guard made || errno == EEXIST else { return false }
                }
            }
        }
        return true
    }

    private func makeDirectory(_ path: String) -> Bool {
        (try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)) != nil
    }
}

/// Repeated runs of one command: the median wall time (ms), the highest memory peak, every exit status.
private struct Runs {
    let measurement: Measurement
    let peakMegabytes: Double
    let statuses: [Int32]

    init(_ name: String, count: Int, _ run: () -> ChildProcess) {
        let results = (0..<count).map { _ in run() }
        measurement = Measurement(name: name, samples: results.map { $0.wallSeconds * 1000 })
        peakMegabytes = results.map(\.peakMegabytes).max() ?? 0
        statuses = results.map(\.status)
    }

    /// Tiles per second at the median wall time.
    func rate(_ tiles: Int) -> Double { Double(tiles) * 1000 / measurement.median }

    /// `exit 0`, or every status behind a warning when one is not 0.
    static func exits(_ statuses: [Int32]) -> String {
        statuses.allSatisfy { $0 == 0 } ? "exit 0" : "⚠ exit " + statuses.map(String.init).joined(separator: ", ")
    }
}
