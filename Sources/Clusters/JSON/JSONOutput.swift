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

    /// Appends a number as JavaScript's `JSON.stringify` would: integers without `.0`, others in
    /// the shortest form that reads back to the same value; NaN and infinities as `null`.
    public mutating func number(_ value: Double) {
        guard value.isFinite else { return raw("null") }
        if value == value.rounded(), abs(value) < 1e21 {
            if abs(value) < 9.007_199_254_740_992e15 {
                raw(String(Int64(value)).utf8)
            } else {
                raw(Self.shortest(value).utf8)
            }
            return
        }
        raw(Self.shortest(value).utf8)
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

    /// Swift's shortest round-trip digits, with JavaScript's exponent form (`1e+21`, `1e-7`).
    private static func shortest(_ value: Double) -> String {
        var text = value.description
        if let e = text.firstIndex(of: "e") {
            let mantissa = text[..<e]
            var exponent = text[text.index(after: e)...]
            let sign = exponent.first == "-" ? "-" : "+"
            if exponent.first == "-" || exponent.first == "+" { exponent = exponent.dropFirst() }
            exponent = exponent.drop(while: { $0 == "0" })
            let trimmed = mantissa.hasSuffix(".0") ? mantissa.dropLast(2) : mantissa
            text = "\(trimmed)e\(sign)\(exponent)"
        }
        return text
    }
}
