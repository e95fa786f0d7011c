import ArgumentParser
import Markers

extension Cairn {
    /// `cairn badge COUNT`: one cluster badge to a file or stdout.
    struct Badge: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw one cluster badge.",
            discussion: "Example: cairn badge 42 --style ios --scale 2 -o cluster-42@2x.png")

        @Argument(help: "The cluster's count (0 or more).")
        var count: Int

        @Option(name: .shortAndLong, help: ArgumentHelp("Output file; '-' or none for stdout.", valueName: "FILE"))
        var output: String?

        @OptionGroup var look: BadgeOptions
        @OptionGroup var global: GlobalOptions

        func validate() throws {
            guard count >= 0 else { throw ValidationError("COUNT must not be negative (got \(count))") }
        }

        func run() throws {
            try global.configureFonts()
            let style = try look.resolvedStyle()
            let format = look.resolvedFormat(output: output)
            let layout = try style.layout(for: count, label: look.label)
            let bytes = try layout.encoded(as: format, scale: Double(look.scale))
            try OutputFile.write(bytes, to: output, binary: format != .svg)
        }
    }
}
