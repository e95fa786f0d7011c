/// One field of a CSV record: where its text lies (inside the quotes, for a quoted field) and
/// whether doubled quotes in it stand for one quote each.
struct CSVField {
    var range: Range<Int>
    var hasDoubledQuotes: Bool
}

/// One CSV record: its fields, the line it starts on, and the first field (1-based) with text
/// after its closing quote, when one has.
struct CSVRecord {
    var fields: [CSVField] = []
    var line = 0
    var fieldWithTextAfterQuote: Int?
}

/// A quoted field that runs to the end of the text: the rest of the file cannot be read.
struct CSVUnterminatedQuote: Error {
    let line: Int
    let column: Int
}

/// Splits CSV text into records and fields by RFC 4180: fields separated by `delimiter`, records by
/// CRLF, LF or CR; a field that starts with `"` is quoted, may hold delimiters and line breaks, and
/// writes a quote as `""`. A quote inside an unquoted field is taken as it is. Blank lines are
/// skipped.
struct CSVScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let delimiter: UInt8
    private(set) var position = 0
    private(set) var line = 1

    /// A scanner of `bytes`, whose first byte is on line `line` of the input.
    init(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, line: Int = 1) {
        self.bytes = bytes
        self.delimiter = delimiter
        self.line = line
    }

    /// Reads the next record into `record` as ``next(into:)`` does when the text holds all of it.
    /// When the text is not the whole input (`isWhole` false) and the record, or the blank lines
    /// before the end, may go on past it (a field or a CRLF cut in two), returns nil and leaves the
    /// scanner where it was, for the caller to read on from ``position``.
    mutating func next(into record: inout CSVRecord, isWhole: Bool) throws(CSVUnterminatedQuote) -> Bool? {
        if isWhole { return try next(into: &record) }
        let saved = (position, line)
        if (try? next(into: &record)) == true, position < bytes.count { return true }
        (position, line) = saved
        return nil
    }

    /// Reads the next record into `record`; false at the end of the text.
    mutating func next(into record: inout CSVRecord) throws(CSVUnterminatedQuote) -> Bool {
        while position < bytes.count, bytes[position] == 0x0A || bytes[position] == 0x0D { endLine() }
        guard position < bytes.count else { return false }
        record.fields.removeAll(keepingCapacity: true)
        record.line = line
        record.fieldWithTextAfterQuote = nil
        while true {
            if position < bytes.count, bytes[position] == UInt8(ascii: "\"") {
                try readQuotedField(into: &record)
            } else {
                let start = position
                position = unquotedFieldEnd(from: position)
                record.fields.append(CSVField(range: start..<position, hasDoubledQuotes: false))
            }
            guard position < bytes.count else { return true }
            if bytes[position] == delimiter {
                position += 1
            } else {
                endLine()
                return true
            }
        }
    }

    /// The offset of the delimiter or line break (or the end) that ends the unquoted field at
    /// `start`, looked for eight bytes at a time.
    @inline(__always)
    private func unquotedFieldEnd(from start: Int) -> Int {
        var index = start
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let delimiters = ones &* UInt64(delimiter)
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let a = word ^ delimiters
                let b = word ^ (ones &* 0x0A)
                let c = word ^ (ones &* 0x0D)
                // The lowest flagged byte is exactly the first delimiter, LF or CR.
                let flags = ((a &- ones) & ~a | (b &- ones) & ~b | (c &- ones) & ~c) & (ones &* 0x80)
                if flags != 0 { return index + flags.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < bytes.count, !isFieldEnd(bytes[index]) { index += 1 }
        return index
    }

    /// Reads the quoted field whose opening quote is at the cursor.
    private mutating func readQuotedField(into record: inout CSVRecord) throws(CSVUnterminatedQuote) {
        let open = position
        let openLine = line
        position += 1
        let start = position
        var hasDoubledQuotes = false
        while true {
            while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                if bytes[position] == 0x0A { line += 1 }
                position += 1
            }
            guard position < bytes.count else {
                throw CSVUnterminatedQuote(line: openLine, column: column(of: open))
            }
            if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "\"") {
                hasDoubledQuotes = true
                position += 2
            } else {
                break
            }
        }
        record.fields.append(CSVField(range: start..<position, hasDoubledQuotes: hasDoubledQuotes))
        position += 1
        if position < bytes.count, !isFieldEnd(bytes[position]) {
            if record.fieldWithTextAfterQuote == nil { record.fieldWithTextAfterQuote = record.fields.count }
            while position < bytes.count, !isFieldEnd(bytes[position]) { position += 1 }
        }
    }

    private func isFieldEnd(_ byte: UInt8) -> Bool {
        byte == delimiter || byte == 0x0A || byte == 0x0D
    }

    /// Moves past the line break at the cursor (CRLF, LF or CR).
    private mutating func endLine() {
        if bytes[position] == 0x0D, position + 1 < bytes.count, bytes[position + 1] == 0x0A { position += 1 }
        position += 1
        line += 1
    }

    /// The 1-based column of `offset` in its line, in Unicode scalars.
    private func column(of offset: Int) -> Int {
        var start = offset
        while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
        return 1 + (start..<offset).count { bytes[$0] & 0xC0 != 0x80 }
    }

    /// The delimiter the first line of `text` uses most outside quotes among `,`, `;` and tab
    /// (`,` when none or tied).
    static func likelyDelimiter(of text: UnsafeBufferPointer<UInt8>) -> UInt8 {
        var counts: [UInt8: Int] = [UInt8(ascii: ","): 0, UInt8(ascii: ";"): 0, 0x09: 0]
        var quoted = false
        for byte in text {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if !quoted, byte == 0x0A || byte == 0x0D { break }
            if !quoted, counts[byte] != nil { counts[byte, default: 0] += 1 }
        }
        let best = counts.max { $0.value < $1.value || ($0.value == $1.value && $1.key == UInt8(ascii: ",")) }
        return best.map { $0.value > 0 ? $0.key : UInt8(ascii: ",") } ?? UInt8(ascii: ",")
    }
}
