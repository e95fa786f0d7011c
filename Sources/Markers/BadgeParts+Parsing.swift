import Foundation
import Canvas

extension BadgeParts {
    /// Parses a breakdown written `NAME<separator>COUNT[:COLOUR]`, items joined by commas: the CLI's
    /// `restaurant=30:#e6194b,cafe=12` (separator `=`), the server's `restaurant:30:e6194b,cafe:12`
    /// (separator `:`). A colour is hex digits with or without `#` (`e6194b`, `#e6194b80`) or a CSS
    /// colour name; a part without one takes the palette's colour. Errors name the item at fault.
    public init(parsing text: String, separator: Character) throws(BadgePartsError) {
        var parts: [(name: String, count: Int, color: Color?)] = []
        let example = "restaurant\(separator)30"
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let split = item.firstIndex(of: separator) else {
                throw BadgePartsError("'\(item.prefix(40))': expected NAME\(separator)COUNT[:COLOUR], e.g. \(example)")
            }
            let name = item[..<split].trimmingCharacters(in: .whitespaces)
            let rest = item[item.index(after: split)...]
            let countText = rest.prefix { $0 != ":" }
            let colorText = rest.dropFirst(countText.count + 1)
            guard let count = Int(countText.trimmingCharacters(in: .whitespaces)) else {
                throw BadgePartsError("'\(item.prefix(40))': the count must be a whole number")
            }
            var color: Color?
            if countText.count < rest.count {
                do {
                    color = try Self.color(String(colorText))
                } catch {
                    throw BadgePartsError("'\(item.prefix(40))': \(error)")
                }
            }
            parts.append((name, count, color))
        }
        try self.init(parts)
    }

    /// `e6194b` as `#e6194b`; anything else as ``Color/init(parsing:)`` reads it.
    private static func color(_ text: String) throws(CanvasError) -> Color {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let bareHex = [3, 4, 6, 8].contains(trimmed.count) && trimmed.allSatisfy(\.isHexDigit)
        return try Color(parsing: bareHex ? "#" + trimmed : trimmed)
    }
}
