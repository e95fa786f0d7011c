import ArgumentParser
import Codecs
import Foundation
import Tiles

extension Cairn {
    /// `cairn render`: the batch (seeding) job over a region or a list of tiles.
    struct Render: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render a region or a list of tiles through a renderer chain into a directory, MBTiles, PMTiles or a tar stream.",
            discussion: """
                Example: cairn render --source 'https://tile.example.org/{z}/{x}/{y}.png' --bbox 5.9,45.8,10.5,47.8 --zoom 0-12 --chain 'mosaic|grid' --out ch.mbtiles
                SOURCE: an http(s):// or file:// URL template ({z} {x} {y} {-y} {s} {q} {quadkey} {r} {scale}), an .mbtiles or .pmtiles file, a z/x/y directory, or none (transparent, for overlays).
                OUT: a directory (z/x/y.ext tree), FILE.mbtiles, FILE.pmtiles (PMTiles v3), or '-' for a tar stream of z/x/y.ext on stdout.
                Tiles the source does not have (404, 204, missing file) are counted as "no tile"; tiles that cannot be fetched or decoded fail, are listed, and make the exit code 65. A failure to write the output stops the job (exit 74).
                Ctrl-C finishes the tiles in flight and stops; --resume then skips what is done.
                Animated tiles: --frames SOURCE once per frame (or --times T1,T2,… with {t} in --source) writes one APNG (png) or animated WebP (webp) per tile, every frame through the chain; a frame a source lacks is transparent.
                """)

        @Option(help: ArgumentHelp("Where tiles come from: URL template, .mbtiles or .pmtiles file, directory or none (with --times, a template with {t}).", valueName: "SOURCE"))
        var source: String?

        @OptionGroup(title: "Animated tiles") var animation: FrameOptions

        @Option(parsing: .unconditional,
                help: ArgumentHelp("The region: west,south,east,north in degrees (west > east crosses the antimeridian).", valueName: "W,S,E,N"),
                transform: BoundingBox.parse)
        var bbox: BoundingBox?

        @Option(help: ArgumentHelp("A list of z/x/y lines to render instead of a region: a file, or - (stdin), a pipe, a FIFO or <(command), read once as it comes.", valueName: "FILE"))
        var tiles: String?

        @Option(help: ArgumentHelp("Zoom levels, A-B or A (required with --bbox; filters --tiles).", valueName: "A-B"), transform: ZoomLevels.parse)
        var zoom: ZoomLevels?

        @Option(help: ArgumentHelp("The renderer chain: a SPEC or a YAML file; empty passes tiles through.", valueName: "SPEC"))
        var chain = ""

        @Option(help: ArgumentHelp("Output: DIR, FILE.mbtiles, FILE.pmtiles, or - for a tar stream on stdout.", valueName: "OUT"))
        var out: String?

        @Option(help: ArgumentHelp("png, jpeg or webp (default: the source template's extension, else png).", valueName: "FORMAT"))
        var format: ImageFormat?

        @Option(help: ArgumentHelp("JPEG/WebP quality, 1 to 100.", valueName: "Q"))
        var quality: Int?

        @Flag(help: "Decode and encode even when the chain is empty and the format unchanged.")
        var recode = false

        @Option(help: ArgumentHelp("Threads for decoding, rendering and encoding (default: the cores).", valueName: "N"))
        var jobs: Int = ParallelWork.cores

        @Flag(help: "Skip tiles the output already has.")
        var resume = false

        @Flag(help: "Print the tile count per zoom, the total and an estimated size; render nothing.")
        var dryRun = false

        @Option(help: ArgumentHelp("Render only part I of N (0-based) of the tile list, e.g. $JOB_COMPLETION_INDEX/8.", valueName: "I/N"),
                transform: Shard.parse)
        var shard: Shard?

        @Option(help: ArgumentHelp("1, or 2 for @2x tiles (the template needs {r} or {scale}).", valueName: "S"))
        var scale = 1

        @Option(help: ArgumentHelp("The deepest zoom the source has; deeper tiles are cut from their ancestor and scaled up.", valueName: "Z"))
        var sourceMaxzoom: Int?

        @Option(help: ArgumentHelp("How many levels beyond --source-maxzoom to over-zoom.", valueName: "N"))
        var overzoomDepth = 8

        @OptionGroup(title: "HTTP source") var http: HTTPSourceArguments

        @Option(help: ArgumentHelp("Also write every failed tile as a z/x/y line (with its reason as a # comment) to FILE, ready for --tiles.", valueName: "FILE"))
        var failures: String?

        @Option(help: ArgumentHelp("The MBTiles/PMTiles 'name' (default: the file's name).", valueName: "NAME"))
        var name: String?

        @OptionGroup var global: GlobalOptions

        /// Each frame's source for animated tiles; nil for still ones.
        var frameSources: [String]? { animation.sources(source: source) }

        /// The source, or the first frame's.
        var primarySource: String { frameSources?.first ?? source ?? "" }

        func validate() throws {
            try animation.validate(source: source)
            if (bbox == nil) == (tiles == nil) { throw ValidationError("give exactly one of --bbox and --tiles") }
            if bbox != nil && zoom == nil { throw ValidationError("--bbox needs --zoom A-B") }
            if out == nil && !dryRun { throw ValidationError("--out is required (a directory, FILE.mbtiles, FILE.pmtiles or -)") }
            if !(1...2).contains(scale) { throw ValidationError("--scale must be 1 or 2 (got \(scale))") }
            if jobs < 1 { throw ValidationError("--jobs must be at least 1 (got \(jobs))") }
            if let quality, !(1...100).contains(quality) { throw ValidationError("--quality must be between 1 and 100 (got \(quality))") }
            if let sourceMaxzoom, !(0...TileID.maximumZoom).contains(sourceMaxzoom) {
                throw ValidationError("--source-maxzoom must be in 0…\(TileID.maximumZoom) (got \(sourceMaxzoom))")
            }
            if overzoomDepth < 0 { throw ValidationError("--overzoom-depth must be 0 or more (got \(overzoomDepth))") }
            if resume && out == "-" { throw ValidationError("--resume cannot look into a stream; use a directory, .mbtiles or .pmtiles") }
            try http.validate()
        }

        func run() async throws {
            try global.configureFonts()
            let plan = try RenderPlan(self)
            do {
                if dryRun {
                    try await DryRun(plan: plan, quiet: global.quiet).run()
                } else {
                    try await RenderRun(plan: plan, command: self).run()
                }
            } catch {
                await plan.close()
                throw error
            }
            await plan.close()
        }
    }
}
