import ArgumentParser
import Markers

extension Cairn {
    /// `cairn badge COUNT`: one cluster badge to a file or stdout.
    struct Badge: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw one cluster badge.",
            discussion: """
                Example: cairn badge 42 --style ios --scale 2 -o cluster-42@2x.png
                With parts: cairn badge 42 --parts restaurant=30,cafe=12 --look pie -o cluster-42.png
                """)

        @Argument(help: "The cluster's count (0 or more).")
        var count: Int

        @Option(name: .shortAndLong, help: ArgumentHelp("Output file; '-' or none for stdout.", valueName: "FILE"))
        var output: String?

        @OptionGroup var look: BadgeOptions
        @OptionGroup var parts: PartsOptions
        @OptionGroup var global: FontOptions

        func validate() throws {
            guard count >= 0 else { throw ValidationError("COUNT must not be negative (got \(count))") }
        }

        func run() async throws {
            try global.configureFonts()
            let style = try look.resolvedStyle()
            let format = try look.resolvedFormat(output: output)
            let badge: any DrawableBadge = if let breakdown = try parts.resolvedParts() {
                try style.layout(for: count, label: look.label, parts: breakdown, look: parts.resolvedLook)
            } else {
                try style.layout(for: count, label: look.label)
            }
            let bytes = try badge.encoded(as: format, scale: Double(look.scale))
            try OutputFile.write(bytes, to: output, binary: format != .svg)
        }
    }
}
