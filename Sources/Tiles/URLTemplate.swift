/// A tile URL template: `https://{s}.tile.example.org/{z}/{x}/{y}{r}.png`, `file:///data/{z}/{x}/{-y}.png`.
///
/// Placeholders: `{z}` `{x}` `{y}` (XYZ), `{-y}` (TMS row), `{s}` (a subdomain, rotating over
/// `subdomains` by tile so a tile always goes to the same host and neighbours spread out), `{q}` or
/// `{quadkey}` (Bing), `{r}` (`@2x` at scale 2, else empty), `{scale}` (1 or 2). Anything else in
/// braces, and a template that does not name a tile (no `{z}`, `{x}` and `{y}`/`{-y}`, nor `{q}`),
/// is an error when the template is made, not when the first tile is fetched.
public struct URLTemplate: Equatable, Sendable, CustomStringConvertible {
    public let template: String
    public let subdomains: [String]

    /// A template that cannot be used; the description quotes it and says why.
    public struct Invalid: Error, Equatable, CustomStringConvertible, Sendable {
        public let problem: String
        init(_ problem: String) { self.problem = problem }
        public var description: String { problem }
    }

    private enum Part: Equatable, Sendable {
        case literal(String)
        case z, x, y, tmsY, subdomain, quadkey, retina, scale
    }

    private let parts: [Part]

    public init(_ template: String, subdomains: [String] = ["a", "b", "c"]) throws(Invalid) {
        var parts: [Part] = []
        var literal = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            literal += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw Invalid("URL template '\(template)': '{' without '}'")
            }
            let name = rest[rest.index(after: open)..<close]
            let part: Part
            switch name {
            case "z": part = .z
            case "x": part = .x
            case "y": part = .y
            case "-y": part = .tmsY
            case "s": part = .subdomain
            case "q", "quadkey": part = .quadkey
            case "r": part = .retina
            case "scale": part = .scale
            default:
                throw Invalid("URL template '\(template)': unknown placeholder {\(name)} (valid: {z} {x} {y} {-y} {s} {q} {quadkey} {r} {scale})")
            }
            if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
            parts.append(part)
            rest = rest[rest.index(after: close)...]
        }
        literal += rest
        if !literal.isEmpty { parts.append(.literal(literal)) }
        if parts.contains(.subdomain) && subdomains.isEmpty {
            throw Invalid("URL template '\(template)' uses {s} but no subdomains are configured")
        }
        if parts.contains(.subdomain), let bad = subdomains.first(where: { !Self.isPlainName($0) }) {
            throw Invalid("URL template '\(template)': subdomain '\(bad)' is not a plain name (letters, digits, '-', '_', '.', not starting with '.')")
        }
        // A template names a tile: by {z}, {x} and {y} (or {-y}), or by its quadkey.
        if !parts.contains(.quadkey) {
            let missing = [(Part.z, "{z}"), (.x, "{x}"), (.y, "{y}")]
                .filter { part, _ in !(parts.contains(part) || (part == .y && parts.contains(.tmsY))) }.map(\.1)
            if !missing.isEmpty {
                throw Invalid("URL template '\(template)': no \(missing.joined(separator: ", ")) (a tile template has {z}, {x} and {y} or {-y}, or {q})")
            }
        }
        self.template = template
        self.subdomains = subdomains
        self.parts = parts
    }

    /// True when the template asks for a scale (`{r}` or `{scale}`), so it has @2x tiles.
    public var hasScale: Bool { parts.contains(.retina) || parts.contains(.scale) }

    /// True for `file://` templates, which read from disk.
    public var isFile: Bool { template.hasPrefix("file://") }

    /// The URL of `tile` at `scale` (1 or 2).
    public func url(for tile: TileID, scale: Int = 1) -> String {
        var result = ""
        for part in parts {
            switch part {
            case .literal(let text): result += text
            case .z: result += String(tile.z)
            case .x: result += String(tile.x)
            case .y: result += String(tile.y)
            case .tmsY: result += String(tile.tmsY)
            case .subdomain: result += subdomains[(tile.x + tile.y) % subdomains.count]
            case .quadkey: result += tile.quadkey
            case .retina: result += scale == 2 ? "@2x" : ""
            case .scale: result += String(scale)
            }
        }
        return result
    }

    public var description: String { template }

    /// What `{s}` may stand for: a host-name-like word, never braces, a slash or `..`, so that
    /// a subdomain can neither leave a placeholder in a URL nor climb out of a `file://` directory.
    private static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."): true
            default: false
            }
        }
    }
}
