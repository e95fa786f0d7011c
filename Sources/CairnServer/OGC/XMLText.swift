/// Text put into an XML document: the one place Cairn's XML (WMTS capabilities, OWS exception
/// reports) escapes what it did not write itself.
enum XMLText {
    /// `text` safe as element content and as a quoted attribute value: `&`, `<`, `>`, `"` and `'`
    /// as entities, and the control characters XML 1.0 does not allow left out.
    static func escaped(_ text: some StringProtocol) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            default:
                // XML 1.0's Char: no C0 controls but the three above, no U+FFFE/U+FFFF.
                if scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF { escaped.unicodeScalars.append(scalar) }
            }
        }
        return escaped
    }
}
