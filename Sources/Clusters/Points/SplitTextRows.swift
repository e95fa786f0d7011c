#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The rows of a ``JSONTextColumn`` once they are not all integers: each JSON object row kept as
/// its shape's number (``TextSkeletons``) and its top-level values' text, joined by commas; any
/// other row kept whole. `{"value":635.0}` costs `635.0` and an offset, not its 15 bytes and an
/// 8-byte offset, and is given back byte for byte.
struct SplitTextRows: Sendable {
    /// What a row's code means besides a shape number.
    private static let whole: UInt16 = 0xFFFF
    private static let absent: UInt16 = 0xFFFE

    /// The rows' values (or whole texts), end to end.
    private var values: [UInt8] = []
    /// Where each row ends in `values`.
    private var ends = NarrowIntegers()
    /// Where each row starts, for rows picked out of another column (``subset(_:)``); empty while
    /// each row starts where the one before ends.
    private var starts = NarrowIntegers()
    /// Each row's code; empty while every row has `uniformCode`.
    private var codes: [UInt16] = []
    private var uniformCode: UInt16 = 0
    private var skeletons = TextSkeletons()
    /// Whether `values` is another column's (not counted in ``byteCount``).
    private var sharesValues = false
    /// The shape of the last row split, which the next row most likely has too.
    private var lastShape: UInt16?
    // Scratch for splitting a row.
    private var key: [UInt8] = []
    private var valueRanges: [Range<Int>] = []

    var count: Int { ends.count }

    mutating func reserve(_ rows: Int) {
        ends.reserve(rows)
        guard count > 0 else { return }
        values.reserveCapacity(values.count + rows * (values.count / count + 1))
    }

    mutating func appendAbsent() {
        setCode(Self.absent)
        ends.append(values.count)
    }

    mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        if let number = shape(of: text) {
            valueRanges.withUnsafeBufferPointer { appendValues(of: text, at: $0, shape: number) }
        } else {
            appendWhole(text)
        }
    }

    /// Appends an object whose values the reader has already found: the same row as
    /// `append(object.text)`, its shape told by comparing the text between the values with the last
    /// row's shape (or looked up), without scanning the object.
    mutating func append(_ object: SplitObjectText) {
        if let last = lastShape, Self.hasParts(skeletons.parts[Int(last)], object) {
            return appendValues(of: object.text, at: object.values, shape: last)
        }
        setKey(object.text, between: object.values)
        guard let number = skeletons.number(ofKey: key) else { return appendWhole(object.text) }
        lastShape = number
        appendValues(of: object.text, at: object.values, shape: number)
    }

    private mutating func appendValues(of text: UnsafeBufferPointer<UInt8>, at ranges: UnsafeBufferPointer<Range<Int>>, shape: UInt16) {
        setCode(shape)
        for (n, range) in ranges.enumerated() {
            if n > 0 { values.append(UInt8(ascii: ",")) }
            values.append(contentsOf: UnsafeBufferPointer(rebasing: text[range]))
        }
        ends.append(values.count)
    }

    private mutating func appendWhole(_ text: UnsafeBufferPointer<UInt8>) {
        setCode(Self.whole)
        values.append(contentsOf: text)
        ends.append(values.count)
    }

    /// Whether the text of `object` between its values is exactly `parts`.
    private static func hasParts(_ parts: [[UInt8]], _ object: SplitObjectText) -> Bool {
        guard parts.count == object.values.count + 1 else { return false }
        var previous = 0
        for (n, part) in parts.enumerated() {
            let end = n < object.values.count ? object.values[n].lowerBound : object.text.count
            guard end - previous == part.count, matches(part, object.text, at: previous) else { return false }
            if n < object.values.count { previous = object.values[n].upperBound }
        }
        return true
    }

    private mutating func setCode(_ code: UInt16) {
        if codes.isEmpty {
            if count == 0 { uniformCode = code }
            if code == uniformCode { return }
            codes = [UInt16](repeating: uniformCode, count: count)
            codes.reserveCapacity(ends.count + 1)
        }
        codes.append(code)
    }

    /// Finds the top-level values of `text` when it is one JSON object, filling `valueRanges` and
    /// `key` (the parts between the values joined with 0xFF); false for any other text.
    private mutating func split(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.first == UInt8(ascii: "{"), text.last == UInt8(ascii: "}") else { return false }
        valueRanges.removeAll(keepingCapacity: true)
        var scanner = JSONScanner(text)
        do throws(JSONSyntaxError) {
            try scanner.scanObject(depth: 0) { scanner, _ throws(JSONSyntaxError) in
                valueRanges.append(try scanner.skipValueSpan(depth: 1))
            }
        } catch {
            return false
        }
        guard scanner.position == text.count else { return false }
        setKey(text, between: valueRanges)
        return true
    }

    /// Sets `key` to the parts of `text` around the values at `ranges`, joined with 0xFF.
    private mutating func setKey<Ranges: Sequence<Range<Int>>>(_ text: UnsafeBufferPointer<UInt8>, between ranges: Ranges) {
        key.removeAll(keepingCapacity: true)
        var previous = 0
        for range in ranges {
            key.append(contentsOf: UnsafeBufferPointer(rebasing: text[previous..<range.lowerBound]))
            key.append(0xFF)
            previous = range.upperBound
        }
        key.append(contentsOf: UnsafeBufferPointer(rebasing: text[previous...]))
    }

    /// The number of `text`'s shape, its values' bounds in `valueRanges`; nil when it is not one
    /// JSON object or there are too many shapes. The last row's shape is tried first.
    private mutating func shape(of text: UnsafeBufferPointer<UInt8>) -> UInt16? {
        if let last = lastShape, splitLike(text, shape: last) { return last }
        guard split(text), let number = skeletons.number(ofKey: key) else { return nil }
        lastShape = number
        return number
    }

    /// Whether `text` is the shape `shape`'s parts with JSON values between them, exactly, filling
    /// `valueRanges` as ``split(_:)`` would: the same parts mean the same object, so the values'
    /// bounds are where ``split(_:)`` puts them, without reading the keys again or looking the
    /// shape up. A value after more whitespace than the shape's part has is another shape.
    private mutating func splitLike(_ text: UnsafeBufferPointer<UInt8>, shape: UInt16) -> Bool {
        let parts = skeletons.parts[Int(shape)]
        valueRanges.removeAll(keepingCapacity: true)
        var position = 0
        for (n, part) in parts.enumerated() {
            guard text.count - position >= part.count, Self.matches(part, text, at: position) else { return false }
            position += part.count
            guard n < parts.count - 1 else { break }
            var scanner = JSONScanner(text, position: position)
            guard let range = try? scanner.skipValueSpan(depth: 1), range.lowerBound == position else { return false }
            valueRanges.append(range)
            position = range.upperBound
        }
        return position == text.count
    }

    /// Whether `text` holds `part` at `offset` (which leaves room for it).
    private static func matches(_ part: [UInt8], _ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        part.withUnsafeBufferPointer { part in
            part.isEmpty || memcmp(part.baseAddress!, text.baseAddress! + offset, part.count) == 0
        }
    }

    @inline(__always)
    private func code(of row: Int) -> UInt16 { codes.isEmpty ? uniformCode : codes[row] }

    @inline(__always)
    private func start(of row: Int) -> Int {
        if !starts.isEmpty { return starts[row] }
        return row == 0 ? 0 : ends[row - 1]
    }

    func isPresent(_ row: Int) -> Bool { code(of: row) != Self.absent }

    /// Calls `chunk` with the pieces of row `row`'s text in order; false when the row is absent.
    @inline(__always)
    func forEachChunk(of row: Int, _ chunk: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        let code = code(of: row)
        guard code != Self.absent else { return false }
        let start = start(of: row), end = ends[row]
        values.withUnsafeBufferPointer { values in
            let text = UnsafeBufferPointer(rebasing: values[start..<end])
            guard code != Self.whole else { return chunk(text) }
            let parts = skeletons.parts[Int(code)]
            guard parts.count > 1 else { return parts[0].withUnsafeBufferPointer(chunk) }
            var scanner = JSONScanner(text)
            for n in 0..<(parts.count - 1) {
                parts[n].withUnsafeBufferPointer(chunk)
                if n > 0 { scanner.position += 1 }  // the comma between values
                let begin = scanner.position
                // The values were checked when the row was appended.
                try? scanner.skipValue(depth: 1)
                chunk(UnsafeBufferPointer(rebasing: text[begin..<scanner.position]))
            }
            parts[parts.count - 1].withUnsafeBufferPointer(chunk)
        }
        return true
    }

    /// Row `row`'s top-level values when it is an object kept by its shape: `body` gets the shape's
    /// number and the values' text (the values in order, joined by single commas, as the row was
    /// split). Nil, calling nothing, for a row kept whole or absent.
    @inline(__always)
    func withValues<Result>(of row: Int, _ body: (_ shape: Int, _ values: UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let code = code(of: row)
        guard code != Self.absent, code != Self.whole else { return nil }
        let start = start(of: row), end = ends[row]
        return values.withUnsafeBufferPointer { body(Int(code), UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// The parts of shape `shape`: the text before its first value, between its values, and after
    /// its last.
    func parts(ofShape shape: Int) -> [[UInt8]] { skeletons.parts[shape] }

    /// The rows `rows`, in that order, sharing this column's values rather than copying them.
    func subset(_ rows: [Int32]) -> SplitTextRows {
        var subset = SplitTextRows()
        subset.values = values
        subset.sharesValues = true
        subset.skeletons = skeletons
        subset.starts = NarrowIntegers(rows.map { start(of: Int($0)) })
        subset.ends = NarrowIntegers(rows.map { ends[Int($0)] })
        if codes.isEmpty { subset.uniformCode = uniformCode } else { subset.codes = rows.map { codes[Int($0)] } }
        return subset
    }

    var byteCount: Int {
        (sharesValues ? 0 : values.count) + ends.byteCount + starts.byteCount + codes.count * 2 + skeletons.byteCount
    }
}
