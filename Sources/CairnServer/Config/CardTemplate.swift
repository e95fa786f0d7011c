import Clusters

/// A point's info-window card, written with its properties: `{name}`, `{country}`,
/// `{population}` (and `{id}`, the point's id) in each field. A placeholder whose property is
/// missing or null leaves nothing; `{{` and `}}` write braces.
public struct CardTemplate: Sendable, Equatable {
    public var title: String
    public var subtitle: String?
    /// The thumbnail's id for `cards.image_source`.
    public var image: String?

    public init(title: String, subtitle: String? = nil, image: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
    }

    /// Fills `text` with the values of `properties` (and `id`).
    public static func fill(_ text: String, properties: JSONObject, id: JSONValue?) -> String {
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "{", next < text.endIndex, text[next] == "{" {
                result.append("{"); index = text.index(after: next); continue
            }
            if character == "}", next < text.endIndex, text[next] == "}" {
                result.append("}"); index = text.index(after: next); continue
            }
            if character == "{", let close = text[next...].firstIndex(of: "}") {
                let name = String(text[next..<close])
                let value = name == "id" && properties[name] == nil ? id : properties[name]
                result += Self.text(of: value)
                index = text.index(after: close)
                continue
            }
            result.append(character)
            index = next
        }
        return result
    }

    private static func text(of value: JSONValue?) -> String {
        switch value {
        case .none, .null?: ""
        case .string(let text)?: text
        case .bool(let flag)?: flag ? "true" : "false"
        case .number(let number)?:
            number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case let other?: other.jsonText
        }
    }
}
