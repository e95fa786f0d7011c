import ArgumentParser
import Canvas

/// `--fonts`, which every command that draws text takes.
struct FontOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Directory with the fonts to use instead of the bundled ones.", valueName: "DIR"))
    var fonts: String?

    /// Sets up the fonts before anything draws text.
    func configureFonts() throws {
        do {
            try FontLibrary.configure(fontsDirectory: fonts)
        } catch {
            throw CLIError.usage(error.description)
        }
    }
}

/// The options of the commands that print a progress line or a summary: `--fonts` and `--quiet`,
/// which silences them. Commands that print nothing of the kind take ``FontOptions`` alone.
struct GlobalOptions: ParsableArguments {
    @OptionGroup var fontOptions: FontOptions

    @Flag(name: [.short, .long], help: "No progress line and no summary.")
    var quiet = false

    /// Sets up the fonts before anything draws text.
    func configureFonts() throws { try fontOptions.configureFonts() }
}

/// The `--scale` check `badge`, `badges`, `card` and `cards` share.
func validateScale(_ scale: Int) throws {
    guard (1...4).contains(scale) else { throw ValidationError("--scale must be 1, 2, 3 or 4 (got \(scale))") }
}
