/// Writes compact JSON text into a byte buffer: escaped strings, numbers in their shortest form
/// that reads back to the same `Double` (integers without a fraction, as JavaScript prints them),
/// and raw JSON text spliced in as it is.
public struct JSONOutput: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// The text written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends ASCII or UTF-8 text as it is (JSON punctuation, keys known to need no escaping).
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends JSON text as it is (a stored `id` or `properties`).
    public mutating func raw<Bytes: Collection<UInt8>>(_ text: Bytes) {
        bytes.append(contentsOf: text)
    }

    /// Appends `value` as a JSON string, quoted and escaped.
    public mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0x08: raw("\\b")
            case 0x0C: raw("\\f")
            case 0..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                raw("\\u00")
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a number as JavaScript's `JSON.stringify` would: the shortest digits that read back
    /// to the same value, laid out by ECMAScript's Number::toString (`0.00001`, `1e-7`,
    /// `10000000000000000`, `1e+21`, no `.0` on integers); NaN and infinities as `null`.
    public mutating func number(_ value: Double) {
        guard value.isFinite else { return raw("null") }
        raw(Self.javaScript(value).utf8)
    }

    /// Appends an integer.
    public mutating func integer<Integer: BinaryInteger>(_ value: Integer) {
        raw(String(value).utf8)
    }

    /// Appends any parsed value.
    public mutating func write(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(let flag): flag ? raw("true") : raw("false")
        case .number(let number): self.number(number)
        case .string(let text): string(text)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (position, item) in items.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                write(item)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            for (position, member) in object.members.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                string(member.key)
                bytes.append(UInt8(ascii: ":"))
                write(member.value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// ECMAScript's Number::toString for a finite value, from Swift's shortest round-trip digits.
    static func javaScript(_ value: Double) -> String {
        if value == 0 { return "0" }
        let text = value.magnitude.description
        var mantissa = Substring(text), exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        let point = mantissa.firstIndex(of: ".")
        let integerPart = point.map { mantissa[..<$0] } ?? mantissa
        let fractionPart = point.map { mantissa[mantissa.index(after: $0)...] } ?? ""
        var digits = Array((integerPart + fractionPart).utf8)
        // value = 0.digits × 10^n once leading zeros are gone
        var n = integerPart.count + exponent
        while digits.first == UInt8(ascii: "0") { digits.removeFirst(); n -= 1 }
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        let k = digits.count
        let sign = value < 0 ? "-" : ""
        let d = String(decoding: digits, as: UTF8.self)
        if k <= n && n <= 21 { return sign + d + String(repeating: "0", count: n - k) }
        if 0 < n && n <= 21 { return sign + d.prefix(n) + "." + d.dropFirst(n) }
        if -6 < n && n <= 0 { return sign + "0." + String(repeating: "0", count: -n) + d }
        let e = n - 1
        let exponentText = e < 0 ? "e-\(-e)" : "e+\(e)"
        return sign + (k == 1 ? d : d.prefix(1) + "." + d.dropFirst()) + exponentText
    }
}
