import ArgumentParser
import Foundation
import Markers

extension Cairn {
    /// `cairn cards MANIFEST.jsonl`: a batch of cards.
    struct Cards: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw info-window cards for every line of a JSON Lines manifest.",
            discussion: """
                Each line: {"id": "…", "title": "…", "subtitle": "…", "image": "thumbs/x.jpg", "theme": "dark"};
                image paths are relative to the manifest. Writes OUT_DIR/ID.png (ID@2x.png at --scale 2).
                A bad line is reported with its number and skipped; the exit code is then 65.
                """)

        @Argument(help: ArgumentHelp("The manifest (JSON Lines); '-' for stdin.", valueName: "MANIFEST.jsonl"))
        var manifest: String

        @Option(help: ArgumentHelp("Directory to write into (created when missing).", valueName: "DIR"))
        var outDir: String

        @Option(help: ArgumentHelp("Parallel workers (default: the number of cores).", valueName: "N"))
        var jobs = ParallelWork.cores

        @Flag(help: "Skip cards whose file is already in the out dir.")
        var resume = false

        @OptionGroup var look: CardOptions
        @OptionGroup var global: GlobalOptions

        func validate() throws {
            guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        }

        func run() async throws {
            try global.configureFonts()
            let (text, baseDirectory) = try readManifest()
            let parsed = CardManifest.parse(text)
            for error in parsed.errors {
                Terminal.error("\(manifest):\(error.line): \(error.problem)")
            }
            try OutputFile.makeDirectory(outDir)
            let entries = parsed.entries
            let progress = Progress(total: entries.count, noun: "cards", quiet: global.quiet)
            let look = self.look
            let outDir = self.outDir
            let manifest = self.manifest
            let suffix = look.scale == 1 ? "" : "@\(look.scale)x"
            let done = ResumeSkips(enabled: resume)
            let outcome = ParallelWork.run(count: entries.count, jobs: jobs) { index in
                defer { progress.advance() }
                let entry = entries[index]
                let path = "\(outDir)/\(entry.id)\(suffix).png"
                if done.skip(path) { return }
                var thumbnail = Markers.Card.Thumbnail.none
                if let image = entry.image {
                    let imagePath = image.hasPrefix("/") ? image : baseDirectory + "/" + image
                    let loaded = Markers.Card.Thumbnail.load(path: imagePath)
                    if let warning = loaded.warning { Terminal.warning("\(manifest):\(entry.line): \(warning)") }
                    thumbnail = loaded.thumbnail
                }
                let card = look.card(title: entry.title, subtitle: entry.subtitle, thumbnail: thumbnail, theme: entry.theme)
                let bytes = try encodePNG(try card.render(scale: Double(look.scale)))
                try OutputFile.writeAtomically(bytes, to: path)
            }
            Interruption.exitIfStopping()
            // A full disk stops the batch: one error, and --resume goes on once there is room.
            if let failure = outcome.writeFailure { throw failure }
            let failures = outcome.failures
            for failure in failures {
                Terminal.error("\(manifest):\(entries[failure.index].line): \(failure.error)")
            }
            let rendered = entries.count - failures.count - done.count
            progress.finish(String(format: "rendered %d cards to %@ in %.2f s; %d bad lines, %d failed",
                                   rendered, outDir, progress.elapsed, parsed.errors.count, failures.count) + done.summary)
            if !parsed.errors.isEmpty || !failures.isEmpty {
                throw CLIError.data("\(manifest): \(parsed.errors.count + failures.count) of \(parsed.errors.count + entries.count) cards not rendered")
            }
        }

        private func readManifest() throws -> (text: String, baseDirectory: String) {
            let data = try InputFile.read(manifest, noun: "manifest")
            if manifest == "-" {
                return (String(decoding: data, as: UTF8.self), FileManager.default.currentDirectoryPath)
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw CLIError.data("\(manifest): not UTF-8 text")
            }
            let base = (manifest as NSString).deletingLastPathComponent
            return (text, base.isEmpty ? "." : base)
        }
    }
}
