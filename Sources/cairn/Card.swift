import ArgumentParser
import Markers

extension Cairn {
    /// `cairn card`: one info-window card.
    struct Card: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw one info-window preview card.",
            discussion: "Example: cairn card --title 'Café Central' --subtitle 'Herrengasse 14, Wien' --image cafe.jpg --scale 2 -o cafe@2x.png")

        @Option(help: "The title (one line, ellipsized).")
        var title: String?

        @Option(help: "The subtitle (up to two lines, ellipsized).")
        var subtitle: String?

        @Option(help: ArgumentHelp("Thumbnail image (PNG, JPEG or WebP), cover-cropped.", valueName: "FILE"))
        var image: String?

        @Option(name: .shortAndLong, help: ArgumentHelp("Output PNG; '-' or none for stdout.", valueName: "FILE"))
        var output: String?

        @OptionGroup var look: CardOptions
        @OptionGroup var global: FontOptions

        func validate() throws {
            guard let title, !title.isEmpty else { throw ValidationError("--title is required and must not be empty") }
        }

        func run() async throws {
            try global.configureFonts()
            _ = try OutputFile.format(of: output, names: ".png") { $0 == "png" ? $0 : nil }
            var thumbnail = Markers.Card.Thumbnail.none
            if let image {
                let loaded = Markers.Card.Thumbnail.load(path: image)
                if let warning = loaded.warning { Terminal.warning(warning) }
                thumbnail = loaded.thumbnail
            }
            let card = look.card(title: title ?? "", subtitle: subtitle, thumbnail: thumbnail)
            let bytes = try encodePNG(try card.render(scale: Double(look.scale)))
            try OutputFile.write(bytes, to: output, binary: true)
        }
    }
}
