/// Turns offsets into an ``InputWindow``'s text into the 1-based lines and columns of the whole
/// input: it knows the line and column the text starts at (the text let go before it was counted
/// as it went) and counts line feeds in the text only as far as asked. Asked in increasing order
/// (as readers report bad records), all questions together cost one pass.
struct LineCounter {
    /// The line and column of the text's first byte.
    private var startLine = 1
    private var startColumn = 1
    /// How far into the text line feeds are counted, and the line there.
    private var counted = 0
    private var line = 1
    /// Where the line `counted` is on starts; nil when before the text.
    private var lineStart: Int?

    /// The line `target` is on.
    mutating func line(at target: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        if target < counted {
            counted = 0
            line = startLine
            lineStart = nil
        }
        let end = min(target, text.count)
        let newLines = Self.lineFeeds(in: UnsafeBufferPointer(rebasing: text[counted..<end]))
        if newLines > 0 {
            line += newLines
            var index = end
            while text[index - 1] != UInt8(ascii: "\n") { index -= 1 }
            lineStart = index
        }
        counted = end
        return line
    }

    /// The line and column `target` is at.
    mutating func place(at target: Int, in text: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        let line = line(at: target, in: text)
        let lineStart = lineStart ?? 0
        let scalars = Self.scalars(in: UnsafeBufferPointer(rebasing: text[lineStart..<counted]))
        return (line, (self.lineStart == nil ? startColumn : 1) + scalars)
    }

    /// The first `count` bytes of `text` are let go: the text now starts after them.
    mutating func letGo(_ count: Int, of text: UnsafeBufferPointer<UInt8>) {
        guard count > 0 else { return }
        let (line, column) = place(at: count, in: text)
        (startLine, startColumn, counted, self.line, lineStart) = (line, column, 0, line, nil)
    }

    /// How many line feeds `bytes` holds, counted eight bytes at a time.
    private static func lineFeeds(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let lineFeeds: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
        var count = 0
        var index = 0
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) ^ lineFeeds
            // The high bit of each byte that is zero (a line feed before the xor), and no other.
            count &+= (~(((word & low) &+ low) | word | low)).nonzeroBitCount
            index += 8
        }
        while index < bytes.count {
            count &+= bytes[index] == UInt8(ascii: "\n") ? 1 : 0
            index += 1
        }
        return count
    }

    /// How many Unicode scalars start in `bytes` (bytes that are not UTF-8 continuation bytes).
    private static func scalars(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in bytes { count &+= byte & 0xC0 != 0x80 ? 1 : 0 }
        return count
    }
}
