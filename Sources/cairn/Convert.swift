import ArgumentParser
import Foundation
import Tiles

extension Cairn {
    /// `cairn convert IN… OUT`: tiles between z/x/y directories, MBTiles and PMTiles, merged.
    struct Convert: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy tiles between z/x/y directories, MBTiles and PMTiles, merging several inputs into one output.",
            discussion: """
                Examples:
                  cairn convert region.mbtiles region.pmtiles
                  cairn convert part-0.mbtiles part-1.mbtiles part-2.mbtiles world.pmtiles
                  cairn convert tiles/ tiles.mbtiles
                Every tile is copied byte for byte. A tile that several inputs hold with the same bytes is written once; with different bytes it is an error naming the tile and both inputs (exit 65) unless --prefer first or --prefer last says which wins.
                Metadata: the first input's, with the bounds and zoom ranges of all of them joined. The output is written to a temporary file and renamed.
                """)

        @Argument(help: ArgumentHelp("Inputs (z/x/y directories, .mbtiles, .pmtiles), then the output.", valueName: "IN… OUT"))
        var paths: [String] = []

        @Option(help: ArgumentHelp("When inputs hold different bytes for a tile: first or last wins (default: an error).", valueName: "first|last"))
        var prefer: TileMerge.Preference?

        @Option(help: ArgumentHelp("The output's 'name' (default: the first input's, else the output file's name).", valueName: "NAME"))
        var name: String?

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            guard paths.count >= 2 else { throw ValidationError("give at least one input and the output (cairn convert IN… OUT)") }
            let output = URL(fileURLWithPath: paths.last!).standardizedFileURL.resolvingSymlinksInPath().path
            for input in paths.dropLast() where URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath().path == output {
                throw ValidationError("the output \(paths.last!) is also an input")
            }
        }

        func run() async throws {
            let outPath = paths.last!
            if !ArchiveInput.isArchive(outPath) { try OutputFile.requireTileDirectory(outPath, option: "") }
            var inputs: [TileArchive] = []
            for path in paths.dropLast() {
                do { inputs.append(try TileArchive(path: path)) } catch { throw CLIError.source(error, location: path) }
            }
            let merge = TileMerge(inputs: inputs, preference: prefer)
            let format: String
            do { format = try merge.format() ?? "png" } catch { throw CLIError.data("\(error)") }
            let output = try await ConvertOutput(path: outPath, format: format)
            let progress = Progress(total: inputs.reduce(0) { $0 + $1.count }, noun: "tiles", quiet: global.quiet)
            Interruption.stopCooperatively()
            let report: TileMerge.Report
            do {
                report = try await merge.run(into: output.sink, progress: { progress.advance($0) }, shouldStop: { Interruption.isStopping })
                let fallback = name ?? ((outPath as NSString).lastPathComponent as NSString).deletingPathExtension
                var description = merge.description(name: fallback, format: format, report: report)
                if let name { description.name = name }
                try output.finish(describing: description)
            } catch {
                output.discard()
                Interruption.exitIfStopping()
                throw Self.runError(error, output: outPath)
            }
            var summary = String(format: "converted %d tiles from %d input%@ to %@ in %.2f s (%.0f tiles/s)",
                                 report.written, inputs.count, inputs.count == 1 ? "" : "s", outPath, progress.elapsed,
                                 Double(report.written) / max(progress.elapsed, 1e-9))
            if report.identical > 0 { summary += "; \(report.identical) held twice with the same bytes" }
            if report.settled > 0 { summary += "; \(report.settled) differing, the \(prefer!.rawValue) input's kept" }
            progress.finish(summary)
        }

        /// An input that cannot be opened: missing or unreadable is an I/O error, corrupt is bad data.
        private static func runError(_ error: any Error, output: String) -> CLIError {
            switch error {
            case let error as CLIError: return error
            case let error as TileMerge.Conflict: return CLIError.data(error.description)
            case let error as PMTilesError: return CLIError.archive(error)
            case let error as TileMerge.OutputFailure:
                return CLIError.io(error.description.hasPrefix(output) ? error.description : "\(output): \(error.description)")
            case let error as StorageError:
                return error.message.contains("cannot read") ? CLIError.io(error.message) : CLIError.data(error.message)
            default: return CLIError.io("\(output): \(error)")
            }
        }
    }
}

extension TileMerge.Preference: ExpressibleByArgument {}
