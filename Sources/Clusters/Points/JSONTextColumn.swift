/// One short JSON text per row (a feature's `id`, its `properties` object), kept compactly so that
/// millions of rows cost little more than their values: while every row is the same, nothing per
/// row; while every row is an integer (ids, mostly), 4 bytes a row (`IntegerRows`); after that,
/// each object row as its values and the number of its shape (`SplitTextRows`). Every row is
/// given back byte for byte as it was appended. A row may be absent (no `id`, no `properties`),
/// which is not the same as `null`.
public struct JSONTextColumn: Sendable, Equatable {
    private enum Form: Sendable { case repeated, integers, split }
    private var form = Form.repeated
    /// While every row is the same: how many there are, and their text (nil when absent).
    private var repeatedRows = 0
    private var repeatedText: [UInt8]?
    private var integers = IntegerRows()
    private var split = SplitTextRows()

    public init() {}

    /// How many rows the column holds.
    public var count: Int {
        switch form {
        case .repeated: repeatedRows
        case .integers: integers.count
        case .split: split.count
        }
    }

    /// Appends a row with this JSON text (taken as given: the caller vouches that it is valid JSON).
    public mutating func append<Bytes: Collection<UInt8>>(_ text: Bytes) {
        if text.withContiguousStorageIfAvailable({ appendContiguous($0) }) != nil { return }
        Array(text).withUnsafeBufferPointer { appendContiguous($0) }
    }

    /// Appends a row with this JSON text.
    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { appendContiguous($0) }
    }

    /// Appends a row with an object's text whose values the reader has already found: the same row
    /// as `append(object.text)`, kept without scanning the object again once rows are split.
    mutating func append(_ object: SplitObjectText) {
        guard form == .split else { return appendContiguous(object.text) }
        split.append(object)
    }

    private mutating func appendContiguous(_ text: UnsafeBufferPointer<UInt8>) {
        switch form {
        case .repeated:
            if repeatedRows == 0 { repeatedText = Array(text) }
            if let repeated = repeatedText, repeated.elementsEqual(text) {
                repeatedRows += 1
                return
            }
            leaveRepeated(next: IntegerRows.value(of: text) != nil)
            appendContiguous(text)
        case .integers:
            if let value = IntegerRows.value(of: text) { return integers.append(value) }
            leaveIntegers()
            split.append(text)
        case .split:
            split.append(text)
        }
    }

    /// Appends an absent row.
    public mutating func appendAbsent() {
        switch form {
        case .repeated:
            if repeatedRows == 0 { repeatedText = nil }
            if repeatedText == nil {
                repeatedRows += 1
                return
            }
            leaveRepeated(next: true)
            appendAbsent()
        case .integers: integers.appendAbsent()
        case .split: split.appendAbsent()
        }
    }

    /// Gives every repeated row its own entry, before a row that differs (`nextIsInteger`: an
    /// integer or absent).
    private mutating func leaveRepeated(next nextIsInteger: Bool) {
        let rows = repeatedRows, text = repeatedText
        repeatedRows = 0
        repeatedText = nil
        let value = text.map { IntegerRows.value(of: $0) } ?? nil
        if nextIsInteger, text == nil || value != nil {
            form = .integers
            integers.reserve(rows + 1)
            for _ in 0..<rows { if let value { integers.append(value) } else { integers.appendAbsent() } }
        } else {
            form = .split
            split.reserve(rows + 1)
            for _ in 0..<rows {
                if let text { text.withUnsafeBufferPointer { split.append($0) } } else { split.appendAbsent() }
            }
        }
    }

    /// Turns the integer rows into text rows, before a row that is not an integer.
    private mutating func leaveIntegers() {
        form = .split
        split.reserve(integers.count + 1)
        for row in 0..<integers.count {
            if let value = integers.value(at: row) {
                IntegerRows.withText(of: value) { split.append($0) }
            } else {
                split.appendAbsent()
            }
        }
        integers = IntegerRows()
    }

    /// Reserves room for `rows` more rows of about `bytesPerRow` bytes (a hint).
    public mutating func reserve(rows: Int, bytesPerRow: Int) {
        switch form {
        case .repeated: break
        case .integers: integers.reserve(rows)
        case .split: split.reserve(rows)
        }
    }

    /// Whether row `row` has a text.
    public func isPresent(_ row: Int) -> Bool {
        switch form {
        case .repeated: repeatedText != nil
        case .integers: integers.value(at: row) != nil
        case .split: split.isPresent(row)
        }
    }

    /// Calls `chunk` with the pieces of row `row`'s text, in order, without putting them together;
    /// returns false (calling nothing) when the row is absent.
    @discardableResult
    public func forEachChunk(of row: Int, _ chunk: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        switch form {
        case .repeated:
            guard let repeatedText else { return false }
            repeatedText.withUnsafeBufferPointer(chunk)
            return true
        case .integers:
            guard let value = integers.value(at: row) else { return false }
            IntegerRows.withText(of: value, chunk)
            return true
        case .split:
            return split.forEachChunk(of: row, chunk)
        }
    }

    /// Row `row`'s top-level values when it is an object kept as its values and the number of its
    /// shape: `body` gets that number and the values (in order, joined by single commas); the
    /// shape's keys are in ``parts(ofShape:)``. Nil, calling nothing, for any other row (read it
    /// with ``withText(of:scratch:_:)``).
    @inline(__always)
    func withObjectValues<Result>(of row: Int, _ body: (_ shape: Int, _ values: UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        guard form == .split else { return nil }
        return split.withValues(of: row, body)
    }

    /// The text of shape `shape` around its values: before the first, between them, after the last.
    func parts(ofShape shape: Int) -> [[UInt8]] { split.parts(ofShape: shape) }

    /// Calls `body` with row `row`'s text, put together in `scratch` when it is kept in pieces;
    /// nil when the row is absent.
    public func withText<Result>(of row: Int, scratch: inout [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        if form == .repeated {
            guard let repeatedText else { return nil }
            return repeatedText.withUnsafeBufferPointer(body)
        }
        scratch.removeAll(keepingCapacity: true)
        guard forEachChunk(of: row, { scratch.append(contentsOf: $0) }) else { return nil }
        return scratch.withUnsafeBufferPointer(body)
    }

    /// Row `row`'s JSON text as bytes, nil when absent.
    public func bytes(of row: Int) -> ArraySlice<UInt8>? {
        var text: [UInt8] = []
        guard forEachChunk(of: row, { text.append(contentsOf: $0) }) else { return nil }
        return text[...]
    }

    /// Row `row`'s JSON text, nil when absent.
    public subscript(row: Int) -> String? {
        bytes(of: row).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The rows `rows`, in that order, as a column of their own that shares this one's text
    /// instead of copying it: a filtered dataset costs little more than an offset a row.
    public func subset(_ rows: [Int32]) -> JSONTextColumn {
        var column = JSONTextColumn()
        column.form = form
        switch form {
        case .repeated:
            column.repeatedRows = rows.count
            column.repeatedText = repeatedText
        case .integers: column.integers = integers.subset(rows)
        case .split: column.split = split.subset(rows)
        }
        return column
    }

    /// Bytes held, for memory accounting (text shared with another column not counted).
    public var byteCount: Int {
        switch form {
        case .repeated: repeatedText?.count ?? 0
        case .integers: integers.byteCount
        case .split: split.byteCount
        }
    }

    public static func == (lhs: JSONTextColumn, rhs: JSONTextColumn) -> Bool {
        lhs.count == rhs.count && (0..<lhs.count).allSatisfy { lhs.bytes(of: $0) == rhs.bytes(of: $0) }
    }
}
