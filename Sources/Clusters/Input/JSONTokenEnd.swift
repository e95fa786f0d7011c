/// Whether a JSON syntax error found in a window of a text is the text's, or may only be the
/// window's end: a reader that finds an error at an offset asks whether the token there (a
/// string, a number or literal, or a single bracket or separator) ends within the window. When
/// it does not, the token may go on in text not yet read, and the error may go away with it.
enum JSONTokenEnd {
    /// Whether the token at `offset` ends before the end of `text`; `start` is an offset before
    /// it, outside any string, to tell whether `offset` is inside one.
    static func isWithin(_ text: UnsafeBufferPointer<UInt8>, tokenAt offset: Int, scannedFrom start: Int) -> Bool {
        guard offset < text.count else { return false }
        var index = start
        var inString = false
        while index < offset {
            if inString, text[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if text[index] == UInt8(ascii: "\"") { inString.toggle() }
            index += 1
        }
        if !inString {
            switch text[offset] {
            case UInt8(ascii: "\""):
                index = offset + 1
                inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ":"):
                return true
            default:
                return ((offset + 1)..<text.count).contains { isScalarEnd(text[$0]) }
            }
        }
        while index < text.count {
            switch text[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return true
            default: index += 1
            }
        }
        return false
    }

    /// Whether `byte` ends a number or literal: a separator, a closing bracket or white space.
    private static func isScalarEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: ":")
            || JSONScanner.isWhitespace(byte) || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")
    }
}
