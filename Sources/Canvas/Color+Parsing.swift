import Foundation

extension Color {
    /// Parses `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(r,g,b)`, `rgba(r,g,b,a)` and the CSS colour names.
    public init(parsing text: String) throws(CanvasError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed.hasPrefix("#") {
            guard let color = Color.hex(String(trimmed.dropFirst())) else { throw .invalidColor(text) }
            self = color
        } else if trimmed.hasPrefix("rgb") {
            guard let color = Color.functional(trimmed) else { throw .invalidColor(text) }
            self = color
        } else if let named = cssColorNames[trimmed] {
            self = trimmed == "transparent" ? .clear : Color.hex(named)!
        } else {
            throw .invalidColor(text)
        }
    }

    private static func hex(_ digits: String) -> Color? {
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        let values = digits.compactMap { $0.hexDigitValue }.map(UInt8.init)
        switch values.count {
        case 3, 4:
            let v = values.map { $0 * 17 }
            return Color(r: v[0], g: v[1], b: v[2], a: v.count == 4 ? v[3] : 255)
        case 6, 8:
            let v = stride(from: 0, to: values.count, by: 2).map { values[$0] << 4 | values[$0 + 1] }
            return Color(r: v[0], g: v[1], b: v[2], a: v.count == 4 ? v[3] : 255)
        default:
            return nil
        }
    }

    /// `rgb(181,226,140)` or `rgba(181, 226, 140, .6)`: channels 0...255 (or percentages), alpha 0...1.
    private static func functional(_ text: String) -> Color? {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        let name = text[..<open]
        let parts = text[text.index(after: open)..<text.index(before: text.endIndex)]
            .split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" })
        guard (name == "rgb" || name == "rgba"), parts.count == 3 || parts.count == 4 else { return nil }
        var channels: [Double] = []
        for (index, part) in parts.enumerated() {
            let isPercent = part.hasSuffix("%")
            guard let value = Double(isPercent ? String(part.dropLast()) : String(part)) else { return nil }
            if index < 3 {
                channels.append(isPercent ? value / 100 : value / 255)
            } else {
                channels.append(isPercent ? value / 100 : value)
            }
        }
        guard channels.allSatisfy({ (0...1).contains($0) }) else { return nil }
        return Color(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 1)
    }
}

extension Color: Decodable {
    /// Decodes a colour from its string form, so YAML/JSON can say `fill: "#0099cc"`.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            self = try Color(parsing: text)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description,
                                                    underlyingError: error))
        }
    }
}
