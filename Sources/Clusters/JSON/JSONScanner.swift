/// A cursor over JSON text bytes: the shared lexer of the JSON parser and of the point readers,
/// which skip and validate most of a GeoJSON file without building values.
///
/// Everything it reads it checks against RFC 8259 (strings as well-formed UTF-8 without lone
/// surrogate escapes, numbers by the grammar, nesting at most `maximumDepth` deep), so text it
/// skips and hands on as raw bytes is text `JSONValue(parsing:)` accepts.
struct JSONScanner {
    /// The whole text; offsets, lines and columns of errors count from its start.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    var position: Int

    /// How many arrays and objects may be open at once.
    static let maximumDepth = 512

    init(_ bytes: UnsafeBufferPointer<UInt8>, position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    var isAtEnd: Bool { position >= bytes.count }

    /// Moves past spaces, tabs, line feeds and carriage returns.
    @inline(__always)
    mutating func skipWhitespace() {
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
    }

    /// Whether `byte` is JSON white space: a space, a tab, a line feed or a carriage return.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Whether `byte` can start a JSON number (`-` or a digit).
    @inline(__always)
    static func startsNumber(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// The next byte after whitespace (not consumed), nil at the end of the text.
    @inline(__always)
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return position < bytes.count ? bytes[position] : nil
    }

    /// The error `reason` at `offset` (the cursor by default).
    func error(_ reason: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(reason: reason, offset: offset ?? position, in: bytes)
    }

    /// The error for finding the byte at the cursor (or the end) where `expected` should be.
    func unexpected(expected: String) -> JSONSyntaxError {
        guard position < bytes.count else { return error("unexpected end of text, expected \(expected)") }
        return error("expected \(expected), found \(Self.describe(byte: bytes[position]))")
    }

    /// `'x'` for a printable ASCII byte, `byte 0xNN` for others.
    static func describe(byte: UInt8) -> String {
        if (0x21...0x7E).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
    }

    /// Consumes `byte` after whitespace, or throws naming what was expected.
    @inline(__always)
    mutating func expect(_ byte: UInt8, _ expected: @autoclosure () -> String) throws(JSONSyntaxError) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == byte else { throw unexpected(expected: expected()) }
        position += 1
    }

    /// Reads `true`, `false` or `null` at the cursor.
    @inline(__always)
    mutating func scanLiteral() throws(JSONSyntaxError) -> JSONValue {
        let word: StaticString
        let value: JSONValue
        switch position < bytes.count ? bytes[position] : 0 {
        case UInt8(ascii: "t"): (word, value) = ("true", .bool(true))
        case UInt8(ascii: "f"): (word, value) = ("false", .bool(false))
        case UInt8(ascii: "n"): (word, value) = ("null", .null)
        default: throw unexpected(expected: "a value")
        }
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw error("invalid literal (expected \(word))") }
        for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] {
            throw error("invalid literal (expected \(word))")
        }
        position += count
        return value
    }

    /// "an object", "an array", "a string", "a number", "a boolean" or "null", for the value that
    /// starts with `byte`: for messages such as `properties must be an object (got an array)`.
    static func kind(startingWith byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "{"): "an object"
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "a boolean"
        case UInt8(ascii: "n"): "null"
        default: "a number"
        }
    }

    /// The text of `range`, cut to `limit` characters with an ellipsis: for messages.
    func excerpt(_ range: Range<Int>, limit: Int = 40) -> String {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        return text.count <= limit ? text : text.prefix(limit) + "…"
    }
}
