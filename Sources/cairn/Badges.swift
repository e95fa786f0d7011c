import ArgumentParser
import Canvas
import Foundation
import Markers

extension Cairn {
    /// `cairn badges`: many badges at once, as files or a sprite sheet.
    struct Badges: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw cluster badges in batch: one file per count, or a MapLibre sprite sheet.",
            discussion: """
                Files are named PREFIX-COUNT.png at @1x and PREFIX-COUNT@2x.png at @2x (and so on).
                With --sprite NAME the out dir gets NAME.png/NAME.json (@1x) and NAME@2x.png/NAME@2x.json (@2x).
                Example: cairn badges --counts 1-100,200,500,1000 --style leaflet --scale 2 --out-dir markers/
                """)

        @Option(help: ArgumentHelp("Counts to draw: numbers and ranges, e.g. 1-100,200,500,1000.", valueName: "SPEC"))
        var counts: String?

        @Flag(help: "One badge per bucket of the style instead of --counts.")
        var buckets = false

        @Option(help: ArgumentHelp("Directory to write into (created when missing).", valueName: "DIR"))
        var outDir: String

        @Option(help: ArgumentHelp("Write a sprite sheet NAME(.png|.json) at @1x and @2x instead of single files.", valueName: "NAME"))
        var sprite: String?

        @Option(help: ArgumentHelp("File name prefix.", valueName: "TEXT"))
        var prefix = "cluster"

        @Option(help: ArgumentHelp("Parallel workers (default: the number of cores).", valueName: "N"))
        var jobs = ParallelWork.cores

        @Flag(help: "Skip badges whose file is already in the out dir (sprite sheets are always drawn whole).")
        var resume = false

        @OptionGroup var look: BadgeOptions
        @OptionGroup var global: GlobalOptions

        func validate() throws {
            guard (counts != nil) != buckets else {
                throw ValidationError("give either --counts SPEC or --buckets")
            }
            guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
            guard prefix.allSatisfy({ $0.isLetter || $0.isNumber || "._-".contains($0) }) else {
                throw ValidationError("--prefix may only use letters, digits, '.', '_' and '-'")
            }
            if let sprite, sprite.isEmpty || sprite.contains("/") {
                throw ValidationError("--sprite takes a bare name such as 'clusters', not a path")
            }
            if sprite != nil, look.scale != 1 {
                throw ValidationError("--sprite always writes @1x and @2x sheets; drop --scale")
            }
            if sprite != nil, look.format != nil, look.format != .png {
                throw ValidationError("--sprite sheets are PNG; drop --format \(look.format!.rawValue)")
            }
        }

        func run() async throws {
            try global.configureFonts()
            let style = try look.resolvedStyle()
            let countList = try requestedCounts(style: style)
            try OutputFile.makeDirectory(outDir)
            if let sprite {
                try writeSprites(named: sprite, counts: countList, style: style)
            } else {
                try writeFiles(counts: countList, style: style)
            }
        }

        private func requestedCounts(style: BadgeStyle) throws -> [Int] {
            if buckets {
                let first = style.thresholds.first ?? 1
                return Array(2..<max(2, first)) + style.thresholds
            }
            do {
                return try CountList(parsing: counts ?? "").counts
            } catch {
                throw CLIError.usage(error.description)
            }
        }

        private func fileName(count: Int, scale: Int, ext: String) -> String {
            "\(prefix)-\(count)\(scale == 1 ? "" : "@\(scale)x").\(ext)"
        }

        private func writeFiles(counts: [Int], style: BadgeStyle) throws {
            let format = try look.resolvedFormat(output: nil)
            let scale = look.scale
            let label = look.label
            let progress = Progress(total: counts.count, noun: "badges", quiet: global.quiet)
            let cache = EncodedCache<BadgeLayout>()
            let directory = outDir
            let names = counts.map { fileName(count: $0, scale: scale, ext: format.rawValue) }
            let done = ResumeSkips(enabled: resume)
            let outcome = ParallelWork.run(count: counts.count, jobs: jobs) { index in
                defer { progress.advance() }
                let path = directory + "/" + names[index]
                if done.skip(path) { return }
                let layout = try style.layout(for: counts[index], label: label)
                let bytes = try cache.value(for: layout) { try layout.encoded(as: format, scale: Double(scale)) }
                try OutputFile.writeAtomically(bytes, to: path)
            }
            if let failure = outcome.writeFailure { throw failure }
            if let first = outcome.failures.first {
                throw (first.error as? CLIError) ?? CLIError.data("badge \(counts[first.index]): \(first.error)")
            }
            let elapsed = progress.elapsed
            progress.finish(String(format: "rendered %d badges (%d distinct) to %@ in %.2f s (%.0f/s)",
                                   counts.count - done.count, cache.count, outDir, elapsed, Double(counts.count) / max(elapsed, 1e-9)) + done.summary)
        }

        private func writeSprites(named name: String, counts: [Int], style: BadgeStyle) throws {
            let progress = Progress(total: 2, noun: "sprite sheets", quiet: global.quiet)
            let layouts = try counts.map { try style.layout(for: $0, label: look.label) }
            for ratio in [1, 2] {
                let items = zip(counts, layouts).map { count, layout in
                    let side = Int((layout.canvasSide * Double(ratio)).rounded(.up))
                    return SpriteSheet.Item(id: "\(prefix)-\(count)", key: layout, width: side, height: side)
                }
                let sheet = try SpriteSheet(items: items, pixelRatio: ratio) { layout, context in
                    context.scale(Double(ratio), Double(ratio))
                    try layout.draw(in: context, resolution: Double(ratio))
                }
                let base = outDir + "/" + name + (ratio == 1 ? "" : "@\(ratio)x")
                try OutputFile.writeAtomically(try encodePNG(sheet.image), to: base + ".png")
                try OutputFile.writeAtomically(sheet.index, to: base + ".json")
                progress.advance()
            }
            progress.finish(String(format: "wrote sprite %@ (%d badges, @1x and @2x) to %@ in %.2f s",
                                   name, counts.count, outDir, progress.elapsed))
        }
    }
}
