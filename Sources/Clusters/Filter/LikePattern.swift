/// A `LIKE` pattern: `%` matches any run of characters (none too), `_` exactly one, `\` makes the
/// character after it literal; everything else matches itself, case-sensitively. Characters are
/// Unicode scalars.
struct LikePattern {
    private enum Element: Equatable {
        case scalar(Unicode.Scalar)
        case one
        case run
    }

    private let elements: [Element]

    init(_ pattern: String) {
        var elements: [Element] = []
        var escaped = false
        for scalar in pattern.unicodeScalars {
            if escaped {
                elements.append(.scalar(scalar))
                escaped = false
                continue
            }
            switch scalar {
            case "\\": escaped = true
            case "%": if elements.last != .run { elements.append(.run) }
            case "_": elements.append(.one)
            default: elements.append(.scalar(scalar))
            }
        }
        if escaped { elements.append(.scalar("\\")) }
        self.elements = elements
    }

    /// Whether `text` matches the whole pattern: the greedy two-pointer match with a return to the
    /// last `%`, linear for patterns without `%` and never exponential.
    func matches(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var t = 0, p = 0
        var lastRun = -1, resumeAt = 0
        while t < scalars.count {
            if p < elements.count {
                switch elements[p] {
                case .run:
                    lastRun = p
                    resumeAt = t
                    p += 1
                    continue
                case .one:
                    t += 1; p += 1
                    continue
                case .scalar(let scalar) where scalar == scalars[t]:
                    t += 1; p += 1
                    continue
                case .scalar:
                    break
                }
            }
            guard lastRun >= 0 else { return false }
            p = lastRun + 1
            resumeAt += 1
            t = resumeAt
        }
        while p < elements.count, elements[p] == .run { p += 1 }
        return p == elements.count
    }
}
