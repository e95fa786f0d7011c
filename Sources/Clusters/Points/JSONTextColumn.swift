/// One short JSON text per row (a feature's `id`, its `properties` object), stored end to end in
/// one byte buffer so that millions of rows cost their bytes and one offset each, not an object
/// per row. A row may be absent (no `id`, no `properties`), which is not the same as `null`.
public struct JSONTextColumn: Sendable, Equatable {
    private var bytes: [UInt8] = []
    /// `ends[i]` is where row i's text ends in `bytes`; a negative end marks an absent row.
    /// Empty while every row is the same (a dataset without ids, or a CSV file whose rows all have
    /// `{}` for properties, costs nothing per row).
    private var ends: [Int] = []
    /// Where each row starts in `bytes`, for a column that picks rows out of another's bytes
    /// (``subset(_:)``); empty while each row starts where the one before it ends.
    private var starts: [Int] = []
    /// Whether `bytes` is another column's, shared rather than owned (not counted in ``byteCount``).
    private var sharesBytes = false
    /// While every row is the same: how many there are, and their text (nil when absent).
    private var repeatedRows = 0
    private var repeatedText: [UInt8]?

    public init() {}

    /// How many rows the column holds.
    public var count: Int { ends.isEmpty ? repeatedRows : ends.count }

    /// Appends a row with this JSON text (taken as given: the caller vouches that it is valid JSON).
    public mutating func append<Bytes: Collection<UInt8>>(_ text: Bytes) {
        if ends.isEmpty {
            if repeatedRows == 0 { repeatedText = Array(text) }
            if let repeated = repeatedText, repeated.elementsEqual(text) {
                repeatedRows += 1
                return
            }
            spellOutRepeatedRows()
        }
        if !starts.isEmpty { starts.append(bytes.count) }
        bytes.append(contentsOf: text)
        ends.append(bytes.count)
    }

    /// Appends a row with this JSON text.
    public mutating func append(_ text: String) {
        append(text.utf8)
    }

    /// Appends an absent row.
    public mutating func appendAbsent() {
        if ends.isEmpty {
            if repeatedRows == 0 { repeatedText = nil }
            if repeatedText == nil {
                repeatedRows += 1
                return
            }
            spellOutRepeatedRows()
        }
        if !starts.isEmpty { starts.append(bytes.count) }
        ends.append(-bytes.count - 1)
    }

    /// Gives every repeated row its own end, before a row that differs.
    private mutating func spellOutRepeatedRows() {
        ends.reserveCapacity(repeatedRows + 1)
        for _ in 0..<repeatedRows {
            if let repeatedText {
                bytes.append(contentsOf: repeatedText)
                ends.append(bytes.count)
            } else {
                ends.append(-bytes.count - 1)
            }
        }
        repeatedRows = 0
        repeatedText = nil
    }

    /// Reserves room for `rows` more rows of about `bytesPerRow` bytes.
    public mutating func reserve(rows: Int, bytesPerRow: Int) {
        guard bytesPerRow > 0 || !ends.isEmpty else { return }
        ends.reserveCapacity(count + rows)
        bytes.reserveCapacity(bytes.count + rows * bytesPerRow)
    }

    private func start(of row: Int) -> Int {
        if !starts.isEmpty { return starts[row] }
        return row == 0 ? 0 : Self.decode(ends[row - 1])
    }

    private static func decode(_ end: Int) -> Int { end < 0 ? -end - 1 : end }

    /// Whether row `row` has a text.
    public func isPresent(_ row: Int) -> Bool { ends.isEmpty ? repeatedText != nil : ends[row] >= 0 }

    /// Row `row`'s JSON text as bytes, nil when absent.
    public func bytes(of row: Int) -> ArraySlice<UInt8>? {
        guard !ends.isEmpty else { return repeatedText?[...] }
        guard ends[row] >= 0 else { return nil }
        return bytes[start(of: row)..<ends[row]]
    }

    /// Row `row`'s JSON text, nil when absent.
    public subscript(row: Int) -> String? {
        bytes(of: row).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The rows `rows`, in that order, as a column of their own that shares this one's text
    /// instead of copying it: a filtered dataset costs two offsets a row.
    public func subset(_ rows: [Int32]) -> JSONTextColumn {
        var column = JSONTextColumn()
        guard !ends.isEmpty else {
            column.repeatedRows = rows.count
            column.repeatedText = repeatedText
            return column
        }
        guard !rows.isEmpty else { return column }
        column.bytes = bytes
        column.sharesBytes = true
        column.starts = rows.map { start(of: Int($0)) }
        column.ends = rows.map { ends[Int($0)] }
        return column
    }

    /// Bytes held, for memory accounting (text shared with another column not counted).
    public var byteCount: Int {
        (sharesBytes ? 0 : bytes.count) + (ends.count + starts.count) * MemoryLayout<Int>.stride + (repeatedText?.count ?? 0)
    }

    public static func == (lhs: JSONTextColumn, rhs: JSONTextColumn) -> Bool {
        lhs.count == rhs.count && (0..<lhs.count).allSatisfy { lhs.bytes(of: $0) == rhs.bytes(of: $0) }
    }
}
