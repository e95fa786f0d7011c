import ArgumentParser
import Markers

extension PartsLook: ExpressibleByArgument {}

/// `--parts` and `--look`: a badge drawn with the parts its count is made of.
struct PartsOptions: ParsableArguments {
    @Option(help: ArgumentHelp("What the count is made of, in drawing order: NAME=COUNT[:COLOUR],… e.g. restaurant=30:#e6194b,cafe=12 (colours: hex or CSS names; default: a palette by position, grey for 'other').",
                               valueName: "PARTS"))
    var parts: String?

    @Option(help: ArgumentHelp("donut (arcs around the label), pie (slices under it) or dominant (the largest part's colour as the fill); default donut. Needs --parts.",
                               valueName: "LOOK"))
    var look: PartsLook?

    func validate() throws {
        if look != nil && parts == nil { throw ValidationError("--look needs --parts (e.g. --parts restaurant=30,cafe=12)") }
    }

    /// The parsed `--parts`, nil when not given.
    func resolvedParts() throws -> BadgeParts? {
        guard let parts else { return nil }
        do {
            return try BadgeParts(parsing: parts, separator: "=")
        } catch {
            throw CLIError.usage("--parts '\(parts.prefix(60))': \(error)")
        }
    }

    /// `--look`, donut when absent.
    var resolvedLook: PartsLook { look ?? .donut }
}
