import ArgumentParser
import Markers

/// The card look shared by `card` and `cards`.
struct CardOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Card width in points (120 to 600).", valueName: "PT"))
    var width = 240.0

    @Option(help: ArgumentHelp("Card height in points (40 to 200).", valueName: "PT"))
    var height = 64.0

    @Option(help: ArgumentHelp("Pixels per point, 1 to 4.", valueName: "N"))
    var scale = 1

    @Option(help: ArgumentHelp("light or dark.", valueName: "THEME"))
    var theme = "light"

    @Flag(name: .customLong("no-arrow"), help: "Leave out the callout arrow under the card.")
    var noArrow = false

    func validate() throws {
        try validateScale(scale)
        guard (120...600).contains(width) else { throw ValidationError("--width must be between 120 and 600 points (got \(width))") }
        guard (40...200).contains(height) else { throw ValidationError("--height must be between 40 and 200 points (got \(height))") }
        guard CardTheme.named[theme] != nil else { throw ValidationError("--theme must be light or dark (got '\(theme)')") }
    }

    /// A card with these options.
    func card(title: String, subtitle: String?, thumbnail: Markers.Card.Thumbnail, theme name: String? = nil) -> Markers.Card {
        Markers.Card(title: title, subtitle: subtitle, thumbnail: thumbnail, width: width, height: height,
                     theme: CardTheme.named[name ?? theme] ?? .light, arrow: !noArrow)
    }
}
