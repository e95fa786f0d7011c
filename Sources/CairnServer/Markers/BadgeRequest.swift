import Markers

/// One badge a client asked for, `/badges/{count}.png?style=&scale=&label=&parts=&look=`, parsed and
/// checked before anything is laid out; also the key ``BadgeKeyMemo`` remembers cache keys by.
package struct BadgeRequest: Hashable, Sendable {
    package let style: String
    package let count: Int
    package let scale: Int
    package let label: LabelMode?
    /// The parts the count is made of, drawn in `look`; nil for a plain badge.
    package let parts: BadgeParts?
    package let look: PartsLook

    package init(style: String, count: Int, scale: Int, label: LabelMode?, parts: BadgeParts? = nil, look: PartsLook = .donut) {
        self.style = style
        self.count = count
        self.scale = scale
        self.label = label
        self.parts = parts
        self.look = look
    }
}

extension BadgeRequest {
    /// Parses the `{count}.png` path segment and the query: a count from 1 to `limits.maxBadgeCount`,
    /// a configured style (the default when absent), a scale within the limits, a label mode, and
    /// optionally `parts=NAME:COUNT[:COLOUR],…` with `look=donut|pie|dominant` (donut by default).
    package init(file: String, query: [String: String], badges: ServerConfig.Badges, limits: ServerConfig.Limits) throws {
        guard file.hasSuffix(".png") else { throw ServeError.notFound("badges are .png") }
        let countText = file.dropLast(4)
        guard !countText.isEmpty, countText.count <= 19, countText.utf8.allSatisfy({ (48...57).contains($0) }),
              let count = Int(countText), count >= 1, count <= limits.maxBadgeCount else {
            throw ServeError.badRequest("count must be a whole number from 1 to \(limits.maxBadgeCount)")
        }
        let style = query["style"] ?? badges.defaultStyle
        guard badges.styles[style] != nil else {
            throw ServeError.badRequest("unknown style '\(style.prefix(40))' (known: \(badges.styles.keys.sorted().joined(separator: ", ")))")
        }
        let scale = try QueryValue.scale(query["scale"], maximum: limits.maxScale)
        let label: LabelMode? = try query["label"].map { text in
            guard let mode = LabelMode(rawValue: text) else { throw ServeError.badRequest("label must be exact, bucket or abbrev") }
            return mode
        }
        let parts: BadgeParts? = try query["parts"].map { text in
            do {
                return try BadgeParts(parsing: text, separator: ":")
            } catch {
                throw ServeError.badRequest("parts: \(error) (expected NAME:COUNT[:COLOUR],…, e.g. restaurant:30:e6194b,cafe:12)")
            }
        }
        let look: PartsLook? = try query["look"].map { text in
            guard let look = PartsLook(rawValue: text) else { throw ServeError.badRequest("look must be donut, pie or dominant") }
            return look
        }
        if look != nil && parts == nil { throw ServeError.badRequest("look needs parts (e.g. parts=restaurant:30,cafe:12)") }
        self.init(style: style, count: count, scale: scale, label: label, parts: parts, look: look ?? .donut)
    }
}
