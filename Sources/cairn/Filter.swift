import ArgumentParser
import Codecs
import Foundation
import Tiles

extension ImageFormat: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(fileExtension: argument)
    }
}

extension Cairn {
    /// `cairn filter`: one tile through a renderer chain, stdin to stdout by default.
    struct Filter: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run one tile through a renderer chain.",
            discussion: """
                Example: curl -s https://tile.example.org/3/4/2.png | cairn filter --chain 'grayscale|grid' --tile 3/4/2 > t.png
                SPEC: name[:key=value[,key=value…]] joined by '|'; a renderer's main parameter may be bare (blur:2).
                Renderers: \(RendererCatalog.all.map(\.name).joined(separator: ", ")).
                An empty chain passes the bytes through untouched unless --recode or another --format is given.
                """)

        @Argument(help: ArgumentHelp("Input tile (PNG, JPEG or WebP), or an .mbtiles/.pmtiles file to take --tile from; '-' or none for stdin.", valueName: "INPUT"))
        var input: String?

        @Option(name: .shortAndLong, help: ArgumentHelp("Output file; '-' or none for stdout.", valueName: "OUTPUT"))
        var output: String?

        @Option(help: ArgumentHelp("The renderer chain: a SPEC, or a YAML file (.yml/.yaml) listing the renderers.", valueName: "SPEC"))
        var chain: String

        @Option(help: ArgumentHelp("The tile's coordinates for renderers that use them (default: from a …/z/x/y.ext input path).", valueName: "Z/X/Y"), transform: TileID.parse)
        var tile: TileID?

        @Option(help: ArgumentHelp("png, jpeg or webp (default: from the output's extension, else the input's format).", valueName: "FORMAT"))
        var format: ImageFormat?

        @Option(help: ArgumentHelp("JPEG/WebP quality, 1 to 100.", valueName: "Q"))
        var quality: Int?

        @Flag(help: "Decode and encode even when the chain is empty.")
        var recode = false

        @OptionGroup var global: FontOptions

        func validate() throws {
            if let quality, !(1...100).contains(quality) { throw ValidationError("--quality must be between 1 and 100 (got \(quality))") }
        }

        func run() async throws {
            try global.configureFonts()
            let renderers: RendererChain
            renderers = try ChainOption.parse(chain)
            let tileID = try resolvedTile()
            let name = input ?? "-"
            let bytes = try await ArchiveInput.isArchive(name) ? ArchiveInput.tile(tileID, from: name) : Array(InputFile.read(name))
            let processor = TileProcessor(chain: renderers, encoder: try encoder(), recode: recode)
            let result: (bytes: [UInt8], format: ImageFormat)
            do {
                result = try processor.process(bytes, tile: tileID)
            } catch let error as CodecError {
                throw CLIError.data("\(name == "-" ? "stdin" : name): \(error)")
            } catch let error as ChainError {
                throw CLIError.usage("--chain: \(error)")
            }
            try OutputFile.write(result.bytes, to: output, binary: true)
        }

        /// `--tile`, else z/x/y from the input path's last three components.
        private func resolvedTile() throws -> TileID? {
            if let tile { return tile }
            guard let input, input != "-" else { return nil }
            let components = input.split(separator: "/").suffix(3)
            return components.count == 3 ? try? TileID(path: components.joined(separator: "/")) : nil
        }

        /// The output encoder from --format / the output extension / --quality; nil keeps the input's format.
        private func encoder() throws(CLIError) -> ImageEncoder? {
            let named = try OutputFile.imageFormat(of: output)
            guard let chosen = format ?? named else { return nil }
            switch chosen {
            case .png: return .png(PNGEncoder())
            case .jpeg: return .jpeg(quality: quality ?? 85)
            case .webp: return .webp(quality: quality ?? 80, lossless: false)
            }
        }
    }
}
