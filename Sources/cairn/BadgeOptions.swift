import ArgumentParser
import Foundation
import Markers

extension LabelMode: ExpressibleByArgument {}
extension BadgeOutputFormat: ExpressibleByArgument {}

/// The look of badges: style, scale, label mode and file format.
struct BadgeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("google, ios, leaflet, or a custom style file (.yml).", valueName: "STYLE"))
    var style = "google"

    @Option(help: ArgumentHelp("Pixels per point, 1 to 4 (@1x to @4x).", valueName: "N"))
    var scale = 1

    @Option(help: ArgumentHelp("exact (1234), bucket (1000+) or abbrev (1.2k); default: the style's.", valueName: "MODE"))
    var label: LabelMode?

    @Option(help: ArgumentHelp("png, svg or pdf; default: from the output file's extension, else png.", valueName: "FORMAT"))
    var format: BadgeOutputFormat?

    func validate() throws {
        try validateScale(scale)
    }

    /// The style named by `--style`: a built-in one or a YAML file.
    func resolvedStyle() throws -> BadgeStyle { try Self.style(named: style, option: "--style") }

    /// A built-in style by name, or the style in a YAML file; problems name `option`.
    static func style(named style: String, option: String) throws -> BadgeStyle {
        if let builtin = BadgeStyle.builtin[style] { return builtin }
        guard style.hasSuffix(".yml") || style.hasSuffix(".yaml") || style.contains("/") else {
            throw CLIError.usage("\(option) '\(style)': not a built-in style (google, ios, leaflet) or a .yml file")
        }
        do {
            return try BadgeStyle.load(path: style)
        } catch let error as StyleFileError {
            throw CLIError.usage("\(option) \(error)")
        }
    }

    /// `--format`, else the output's extension (one of png, svg, pdf), else PNG.
    func resolvedFormat(output: String?) throws(CLIError) -> BadgeOutputFormat {
        let named = try OutputFile.format(of: output, names: ".png, .svg, .pdf") { BadgeOutputFormat(rawValue: $0) }
        return format ?? named ?? .png
    }
}
