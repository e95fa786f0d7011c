/// Why a JSON text cannot be read, and where: the byte offset of the first byte that is wrong (or
/// of the end, when the text stops too early) and its 1-based line and column, the column counted
/// in Unicode scalars as editors count it.
///
/// Its description reads `line 3, column 17: expected ':' after an object key`.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, in a few words: `unterminated string`, `leading zero in a number`.
    public let reason: String
    /// The 0-based byte offset from the start of the text.
    public let offset: Int
    /// The 1-based line of `offset`.
    public let line: Int
    /// The 1-based column of `offset` in its line, in Unicode scalars.
    public let column: Int

    /// An error with its place already known.
    public init(reason: String, offset: Int, line: Int, column: Int) {
        self.reason = reason
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// The error at `offset` in `text`, its line and column counted from the start of `text`.
    init(reason: String, offset: Int, in text: UnsafeBufferPointer<UInt8>) {
        let end = min(offset, text.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where text[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        var column = 1
        for index in lineStart..<end where text[index] & 0xC0 != 0x80 {
            column += 1
        }
        self.init(reason: reason, offset: offset, line: line, column: column)
    }

    public var description: String {
        "line \(line), column \(column): \(reason)"
    }
}
