extension JSONScanner {
    /// Reads the object whose `{` is at the cursor, calling `member` with the cursor on each
    /// member's value and its key; `member` must read the value. `depth` is the number of arrays and
    /// objects this one is inside.
    @inline(__always)
    mutating func scanObject(
        depth: Int, _ member: (inout JSONScanner, JSONStringSpan) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        try enter(depth: depth)
        if peek() == UInt8(ascii: "}") {
            position += 1
            return
        }
        while true {
            guard peek() == UInt8(ascii: "\"") else { throw unexpected(expected: "a string key") }
            let key = try scanString()
            try expect(UInt8(ascii: ":"), "':' after an object key")
            skipWhitespace()
            try member(&self, key)
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"): position += 1; return
            default: throw unexpected(expected: "',' or '}' after an object member")
            }
        }
    }

    /// Reads the array whose `[` is at the cursor, calling `element` with the cursor on each
    /// element; `element` must read it.
    @inline(__always)
    mutating func scanArray(
        depth: Int, _ element: (inout JSONScanner) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        try enter(depth: depth)
        if peek() == UInt8(ascii: "]") {
            position += 1
            return
        }
        while true {
            skipWhitespace()
            try element(&self)
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"): position += 1; return
            default: throw unexpected(expected: "',' or ']' after an array element")
            }
        }
    }

    /// Consumes the opening bracket at the cursor, refusing to go deeper than `maximumDepth`.
    @inline(__always)
    private mutating func enter(depth: Int) throws(JSONSyntaxError) {
        guard depth < Self.maximumDepth else {
            throw error("nesting deeper than \(Self.maximumDepth) arrays and objects")
        }
        position += 1
    }

    /// Reads and checks the value at the cursor (after whitespace) without building it.
    mutating func skipValue(depth: Int) throws(JSONSyntaxError) {
        guard let byte = peek() else { throw unexpected(expected: "a value") }
        switch byte {
        case UInt8(ascii: "\""):
            _ = try scanString()
        case UInt8(ascii: "{"):
            try scanObject(depth: depth) { scanner, _ throws(JSONSyntaxError) in try scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["):
            try scanArray(depth: depth) { scanner throws(JSONSyntaxError) in try scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try scanDecimal()
        default:
            _ = try scanLiteral()
        }
    }

    /// Reads the value at the cursor (after whitespace) and returns where it lies.
    mutating func skipValueSpan(depth: Int) throws(JSONSyntaxError) -> Range<Int> {
        skipWhitespace()
        let start = position
        try skipValue(depth: depth)
        return start..<position
    }
}
