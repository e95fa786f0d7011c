import Canvas

/// Where on the tile an overlay sits: one of nine anchors.
public enum Anchor: String, Sendable, CaseIterable {
    case topLeft = "top-left", top, topRight = "top-right"
    case left, center, right
    case bottomLeft = "bottom-left", bottom, bottomRight = "bottom-right"

    /// The top-left corner of a box of `size` placed at this anchor in `area`, `margin` in from the edges.
    func origin(of size: Size, in area: Size, margin: Double) -> Point {
        let column: Double = switch self {
        case .topLeft, .left, .bottomLeft: margin
        case .top, .center, .bottom: (area.width - size.width) / 2
        case .topRight, .right, .bottomRight: area.width - size.width - margin
        }
        let row: Double = switch self {
        case .topLeft, .top, .topRight: margin
        case .left, .center, .right: (area.height - size.height) / 2
        case .bottomLeft, .bottom, .bottomRight: area.height - size.height - margin
        }
        return Point(x: column, y: row)
    }
}

extension Anchor {
    /// "top-left, top, …, bottom-right or `word`", for a parameter's help and errors.
    static func choices(or word: String) -> String {
        allCases.map(\.rawValue).joined(separator: ", ") + " or " + word
    }

    /// A `position` parameter's value: one of the anchors, or the renderer's one other `word`.
    /// Errors name the renderer's parameter and list what is valid.
    static func parse<Placement>(_ value: String, for renderer: String, or word: String, _ other: Placement,
                                 anchored: (Anchor) -> Placement) throws -> Placement {
        if value == word { return other }
        guard let anchor = Anchor(rawValue: value) else {
            throw ChainError("\(renderer).position: '\(value)' is not one of \(choices(or: word))")
        }
        return anchored(anchor)
    }
}
