extension JSONValue {
    /// Parses one JSON text by RFC 8259, strictly: one value with only whitespace around it,
    /// numbers by the JSON grammar read as the nearest `Double` (as JavaScript reads them), strings
    /// as well-formed UTF-8 with their escapes decoded (a `\u` surrogate must be half of a pair),
    /// no control characters in strings, at most 512 nested arrays and objects. No byte-order mark.
    ///
    /// - Throws: `JSONSyntaxError` naming the first problem and its offset, line and column.
    public init(parsing text: some Collection<UInt8>) throws(JSONSyntaxError) {
        let parse = { (bytes: UnsafeBufferPointer<UInt8>) -> Result<JSONValue, JSONSyntaxError> in
            var scanner = JSONScanner(bytes)
            return Result { () throws(JSONSyntaxError) in try scanner.parseDocument() }
        }
        let result = text.withContiguousStorageIfAvailable(parse) ?? Array(text).withUnsafeBufferPointer(parse)
        self = try result.get()
    }

    /// Parses one JSON text given as a string.
    public init(parsing text: String) throws(JSONSyntaxError) {
        var text = text
        let result = text.withUTF8 { bytes -> Result<JSONValue, JSONSyntaxError> in
            var scanner = JSONScanner(bytes)
            return Result { () throws(JSONSyntaxError) in try scanner.parseDocument() }
        }
        self = try result.get()
    }
}

extension JSONScanner {
    /// Reads the whole text as one value.
    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        let value = try parseValue(depth: 0)
        skipWhitespace()
        guard isAtEnd else { throw error("unexpected text after the JSON value") }
        return value
    }

    /// Reads the value at the cursor (after whitespace).
    mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard let byte = peek() else { throw unexpected(expected: "a value") }
        switch byte {
        case UInt8(ascii: "\""):
            return .string(string(try scanString()))
        case UInt8(ascii: "{"):
            var members: [(key: String, value: JSONValue)] = []
            try scanObject(depth: depth) { scanner, key throws(JSONSyntaxError) in
                members.append((scanner.string(key), try scanner.parseValue(depth: depth + 1)))
            }
            return .object(JSONObject(members))
        case UInt8(ascii: "["):
            var items: [JSONValue] = []
            try scanArray(depth: depth) { scanner throws(JSONSyntaxError) in
                items.append(try scanner.parseValue(depth: depth + 1))
            }
            return .array(items)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try scanNumber())
        default:
            return try scanLiteral()
        }
    }
}
