import ArgumentParser
import Canvas

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Directory with the fonts to use instead of the bundled ones.", valueName: "DIR"))
    var fonts: String?

    @Flag(name: [.short, .long], help: "No progress line and no summary.")
    var quiet = false

    /// Sets up the fonts before anything draws text.
    func configureFonts() throws {
        do {
            try FontLibrary.configure(fontsDirectory: fonts)
        } catch {
            throw CLIError.usage(error.description)
        }
    }
}

/// The `--scale` check `badge`, `badges`, `card` and `cards` share.
func validateScale(_ scale: Int) throws {
    guard (1...4).contains(scale) else { throw ValidationError("--scale must be 1, 2, 3 or 4 (got \(scale))") }
}
