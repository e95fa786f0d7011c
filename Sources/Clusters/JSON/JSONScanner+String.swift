/// Where a JSON string's content lies in the text (between its quotes) and whether it holds
/// escapes, so that keys can be compared and values copied without decoding them.
struct JSONStringSpan {
    var range: Range<Int>
    var hasEscapes: Bool
}

extension JSONScanner {
    /// Reads the string whose opening quote is at the cursor, checking it: no control characters,
    /// valid escapes, well-formed UTF-8, surrogate escapes in pairs.
    @inline(__always)
    mutating func scanString() throws(JSONSyntaxError) -> JSONStringSpan {
        let open = position
        var index = position + 1
        var hasEscapes = false
        while true {
            index = plainEnd(from: index)
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
                index += 1
            }
            guard index < bytes.count else { throw error("unterminated string", at: open) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                position = index + 1
                return JSONStringSpan(range: open + 1..<index, hasEscapes: hasEscapes)
            } else if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                index = try escapeEnd(at: index)
            } else if byte < 0x20 {
                throw error("unescaped control character U+\(Self.hex(UInt16(byte))) in a string", at: index)
            } else if let length = UTF8Validation.sequenceLength(in: bytes, at: index) {
                index += length
            } else {
                throw error("invalid UTF-8 in a string", at: index)
            }
        }
    }

    /// How far the bytes from `start` need no attention in a string (no quote, backslash, control
    /// character or non-ASCII byte), looked at eight at a time; the byte loop does the rest.
    @inline(__always)
    private func plainEnd(from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        var index = start
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        while index + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let quotes = word ^ (ones &* 0x22)
            let backslashes = word ^ (ones &* 0x5C)
            // The lowest flagged byte of each term is exact: a quote, a backslash, a byte below
            // 0x20, a byte of 0x80 or more.
            let flags = ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes
                | (word &- ones &* 0x20) & ~word | word) & highBits
            if flags != 0 { return index + flags.trailingZeroBitCount / 8 }
            index += 8
        }
        return index
    }

    /// The offset after the escape whose backslash is at `index`.
    private func escapeEnd(at index: Int) throws(JSONSyntaxError) -> Int {
        guard index + 1 < bytes.count else { throw error("unterminated string", at: index) }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return index + 2
        case UInt8(ascii: "u"):
            let unit = try codeUnit(at: index)
            if (0xDC00...0xDFFF).contains(unit) {
                throw error("lone surrogate \\u\(Self.hex(unit)) in a string", at: index)
            }
            guard (0xD800...0xDBFF).contains(unit) else { return index + 6 }
            let followedByEscape = index + 7 < bytes.count && bytes[index + 6] == UInt8(ascii: "\\")
                && bytes[index + 7] == UInt8(ascii: "u")
            guard followedByEscape, (0xDC00...0xDFFF).contains(try codeUnit(at: index + 6)) else {
                throw error("lone surrogate \\u\(Self.hex(unit)) in a string", at: index)
            }
            return index + 12
        default:
            throw error("invalid escape \\\(Character(Unicode.Scalar(bytes[index + 1]))) in a string", at: index)
        }
    }

    /// The UTF-16 code unit of the `\uXXXX` escape whose backslash is at `index`.
    private func codeUnit(at index: Int) throws(JSONSyntaxError) -> UInt16 {
        var unit: UInt16 = 0
        for offset in 2..<6 {
            guard index + offset < bytes.count, let digit = Self.hexValue(bytes[index + offset]) else {
                throw error("invalid \\u escape in a string (expected 4 hexadecimal digits)", at: index)
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func hex(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// The string `span` holds, escapes decoded (the span was checked by `scanString`).
    func string(_ span: JSONStringSpan) -> String {
        let content = UnsafeBufferPointer(rebasing: bytes[span.range])
        guard span.hasEscapes else { return String(decoding: content, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(content.count)
        var index = span.range.lowerBound
        while index < span.range.upperBound {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else {
                decoded.append(byte)
                index += 1
                continue
            }
            let escaped = bytes[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = UInt32((try? codeUnit(at: index - 2)) ?? 0)
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    let low = UInt32((try? codeUnit(at: index)) ?? 0)
                    scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
                    index += 6
                }
                decoded.append(contentsOf: Unicode.UTF8.encode(Unicode.Scalar(scalar)!)!)
            default: decoded.append(escaped)
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// Whether the string `span` holds is `literal` (a plain ASCII key such as `type`).
    @inline(__always)
    func string(_ span: JSONStringSpan, is literal: StaticString) -> Bool {
        if span.hasEscapes { return string(span) == literal.description }
        let count = span.range.count
        guard count == literal.utf8CodeUnitCount, let base = bytes.baseAddress else { return count == literal.utf8CodeUnitCount }
        let found = UnsafeRawPointer(base + span.range.lowerBound)
        let expected = UnsafeRawPointer(literal.utf8Start)
        var offset = 0
        while offset + 8 <= count {
            guard found.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                == expected.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
            offset += 8
        }
        while offset < count {
            guard found.load(fromByteOffset: offset, as: UInt8.self) == expected.load(fromByteOffset: offset, as: UInt8.self) else {
                return false
            }
            offset += 1
        }
        return true
    }
}
