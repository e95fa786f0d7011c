import Foundation

/// A `grid` label's format, parsed once: literal text and the placeholders `{z}`, `{x}`, `{y}`,
/// `{-y}` (TMS row), `{q}` (quadkey), `{lon}` / `{lat}` (the tile's north-west corner, 5 decimals);
/// `\n` starts a new line. Anything else in braces is kept as written. Building a tile's label then
/// costs a few appends, with no string searching per tile.
struct GridLabelFormat: Equatable, Sendable {
    enum Placeholder: String, CaseIterable, Sendable {
        case z = "{z}", x = "{x}", y = "{y}", tmsY = "{-y}", quadkey = "{q}", lon = "{lon}", lat = "{lat}"

        func value(for tile: TileID) -> String {
            switch self {
            case .z: String(tile.z)
            case .x: String(tile.x)
            case .y: String(tile.y)
            case .tmsY: String(tile.tmsY)
            case .quadkey: tile.quadkey
            case .lon: String(format: "%.5f", tile.bounds.west)
            case .lat: String(format: "%.5f", tile.bounds.north)
            }
        }
    }

    enum Token: Equatable, Sendable {
        case text(String)
        case placeholder(Placeholder)
    }

    let tokens: [Token]

    init(_ format: String) {
        var tokens: [Token] = [], literal = ""
        var rest = Substring(format)
        while let first = rest.first {
            if first == "{", let placeholder = Placeholder.allCases.first(where: { rest.hasPrefix($0.rawValue) }) {
                if !literal.isEmpty { tokens.append(.text(literal)); literal = "" }
                tokens.append(.placeholder(placeholder))
                rest = rest.dropFirst(placeholder.rawValue.count)
            } else if rest.hasPrefix("\\n") {
                literal.append("\n")
                rest = rest.dropFirst(2)
            } else {
                literal.append(first)
                rest = rest.dropFirst()
            }
        }
        if !literal.isEmpty { tokens.append(.text(literal)) }
        self.tokens = tokens
    }

    /// The label for `tile`, with `?` for every placeholder when the tile is unknown.
    func label(for tile: TileID?) -> String {
        var label = ""
        for token in tokens {
            switch token {
            case .text(let text): label += text
            case .placeholder(let placeholder): label += tile.map(placeholder.value) ?? "?"
            }
        }
        return label
    }
}
