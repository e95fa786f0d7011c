import ArgumentParser
import CairnServer
import Codecs
import Foundation
import Logging
import Tiles

/// `cairn cache seed --layer NAME (--bbox W,S,E,N | --tiles FILE) --zoom A-B`: renders a region's
/// tiles into the server's disk cache through the layer's source, over-zoom and chain — the bytes,
/// ETag and freshness a request would store — so that a running server answers them as hits.
struct CacheSeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed",
        abstract: "Render a region's tiles of a layer into the server's disk cache.",
        discussion: """
            Every tile is fetched and rendered anew (--resume keeps those with a fresh copy already cached).
            A seed that would need more than cache.max_size is refused before it starts, with the estimate.
            Exit codes: 0 every tile seeded or absent from the source, 65 when some failed (74 when the cache cannot be written), 130/143 when interrupted.
            """)

    @Option(help: ArgumentHelp("The layer.", valueName: "NAME"))
    var layer: String

    @Option(parsing: .unconditional, help: ArgumentHelp("The region, in degrees (W > E crosses the antimeridian).", valueName: "W,S,E,N"),
            transform: BoundingBox.parse)
    var bbox: BoundingBox?

    @Option(help: ArgumentHelp("A file of z/x/y lines instead of a region ('-' for stdin).", valueName: "FILE"))
    var tiles: String?

    @Option(help: ArgumentHelp("The zooms (with --tiles: only those lines).", valueName: "A-B"), transform: ZoomLevels.parse)
    var zoom: ZoomLevels?

    @Option(help: "1, or 2 for @2x tiles.")
    var scale = 1

    @Option(help: ArgumentHelp("png, jpg or webp (default: the layer's).", valueName: "FORMAT"))
    var format: String?

    @Option(help: "Tiles in flight at once.")
    var jobs: Int = ParallelWork.cores * 2

    @Flag(help: "Keep tiles that have a fresh copy in the cache already (to continue a seed that stopped).")
    var resume = false

    @Flag(name: .customLong("dry-run"), help: "Print the tiles per zoom and the estimated bytes, and seed nothing.")
    var dryRun = false

    @OptionGroup var configFile: ConfigOption
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard (bbox == nil) != (tiles == nil) else { throw ValidationError("give --bbox W,S,E,N or --tiles FILE") }
        if bbox != nil, zoom == nil { throw ValidationError("--bbox needs --zoom A-B") }
        guard [1, 2].contains(scale) else { throw ValidationError("--scale must be 1 or 2 (got \(scale))") }
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1 (got \(jobs))") }
    }

    func run() async throws {
        try global.configureFonts()
        let (file, settings) = try configFile.loadSayingWhich()
        let plan = SeedPlan(layer: layer, tiles: try tileList(), scale: scale, format: try imageFormat(), jobs: jobs, resume: resume)
        // Before the server opens (and so makes) the cache directory.
        let layers = Set(settings.layers.map(\.name))
        guard layers.contains(layer) else { throw CacheCommandError.unknown("--layer", "layer", layer, layers) }
        LoggingSystem.bootstrap { LineLogHandler(label: $0, level: .warning, format: .text) }
        let server: CairnServer
        do {
            server = try CairnServer(config: settings, logger: Logger(label: "cairn"))
        } catch let error as ConfigError {
            throw CLIError.usage("\(file.path): \(error)")
        }
        // The server's HTTP clients must be closed whatever happens (one freed open traps).
        do {
            try await seed(plan, with: server, settings: settings)
        } catch {
            await server.close()
            throw error
        }
        await server.close()
    }

    /// Checks the plan, seeds it with a progress line, tells a running server and prints the
    /// summary; with --dry-run prints the estimate instead.
    private func seed(_ plan: SeedPlan, with server: CairnServer, settings: ServerConfig) async throws {
        let list: TileListFile? = if case .file(let file) = plan.tiles.origin { file } else { nil }
        let stream = list?.isStream ?? false
        if dryRun {
            // A pipe is read through here to be counted (and its lines checked).
            do { try list?.readToEnd() } catch { throw TileListFile.cliError(error) }
            let perTile: Double
            do { perTile = try await server.seedEstimate(plan) } catch { throw CLIError.usage("--layer \(layer): \(error)") }
            let lines = plan.tiles.countsPerZoom().map { "z=\($0.zoom) tiles=\($0.count)" }
            print((lines + ["total \(plan.tiles.count) tiles, estimated \(ByteCount.format(perTile * Double(plan.tiles.count))) "
                            + "(cache.max_size \(ByteCount.format(Double(settings.cache.maxSize))))"]).joined(separator: "\n"))
            return
        }
        do {
            try await server.checkSeed(plan)
        } catch {
            throw CLIError.usage("--layer \(layer): \(error)")
        }
        let progress = SeedProgress(total: plan.tiles.count)
        let line = Progress(total: stream ? nil : progress.total, noun: "tiles", quiet: global.quiet)
        Interruption.stopCooperatively()
        let seeding = Task { try await server.seed(plan, progress: progress) { line.advance() } }
        let watcher = Task {
            while !Task.isCancelled {
                if Interruption.isStopping { seeding.cancel(); return }
                try? await Task.sleep(nanoseconds: 50_000_000)
            }
        }
        _ = await seeding.result
        watcher.cancel()
        // A running server learns of the new files (its size and LRU count them; its memory forgets older copies).
        CacheChanges.announce(root: settings.cache.directory)
        let counts = progress.counts
        var summary = "seeded \(counts.stored) tiles of layer \(layer) (\(ByteCount.format(Double(counts.bytes))))"
        if counts.kept > 0 { summary += ", kept \(counts.kept) already fresh" }
        if counts.absent > 0 { summary += ", \(counts.absent) not in the source" }
        if counts.failed > 0 { summary += ", \(counts.failed) failed" }
        summary += String(format: " in %.1f s", line.elapsed)
        if Interruption.isStopping { summary += "; interrupted after \(counts.done)\(stream ? "" : " of \(progress.total)") (--resume continues)" }
        line.finish(summary)
        Interruption.exitIfStopping()
        list?.warnIfNoTiles()
        // A bad line stops a pipe where it stands (a file's lines were all checked as it opened).
        if let problem = list?.problem { throw TileListFile.cliError(problem) }
        // As in `render`: tiles that could not be had are bad data (65); 74 is for a cache that cannot be written.
        if counts.failed > 0 {
            throw CLIError.data("\(counts.failed) of \(counts.done) tiles failed; the first, tile \(counts.firstFailure ?? "")")
        }
    }

    private func tileList() throws -> TileList {
        let zooms = zoom?.range
        if let bbox { return TileList(region: bbox, zooms: zooms!) }
        // A regular file is counted as it opens (the estimate and the progress line know the
        // total); a pipe is read once, as it is seeded: its total is known only at the end.
        return TileList(file: try TileListFile.open(tiles!, zooms: zooms))
    }

    private func imageFormat() throws -> ImageFormat? {
        guard let format else { return nil }
        guard let parsed = ImageFormat(fileExtension: format) else { throw CLIError.usage("--format: '\(format)' is not png, jpg or webp") }
        return parsed
    }
}
