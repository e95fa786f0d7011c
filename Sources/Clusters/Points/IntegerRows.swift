/// Rows of a ``JSONTextColumn`` that are each a JSON integer written the one way it prints (`0`,
/// `-17`, `1234567`: no plus sign, no leading zero, no fraction or exponent, not `-0`), kept as
/// numbers: 4 bytes a row while every one fits 32 bits, 8 after. Such text is given back exactly,
/// so a million numeric ids cost 4 MB instead of their text and an offset each (15 MB).
struct IntegerRows: Sendable {
    private var narrow: [Int32] = []
    private var wide: [Int64] = []
    private var isWide = false
    /// The values that mark an absent row (their own text makes the column widen, or leave this form).
    private static let absentNarrow = Int32.min
    private static let absentWide = Int64.min

    var count: Int { isWide ? wide.count : narrow.count }

    /// The integer `text` is the canonical form of, nil when it is not one (or is `Int64.min`,
    /// which marks absent rows).
    static func value<Bytes: Collection<UInt8>>(of text: Bytes) -> Int64? {
        var index = text.startIndex
        guard index != text.endIndex else { return nil }
        let negative = text[index] == UInt8(ascii: "-")
        if negative { index = text.index(after: index) }
        guard index != text.endIndex else { return nil }
        let first = text[index]
        guard first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else { return nil }
        if first == UInt8(ascii: "0") {
            // `0` alone; `-0`, `01` and `0.5` print otherwise.
            return !negative && text.index(after: index) == text.endIndex ? 0 : nil
        }
        var magnitude: Int64 = 0
        while index != text.endIndex {
            let byte = text[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !overflow, !overflow2 else { return nil }
            magnitude = sum
            index = text.index(after: index)
        }
        return negative ? -magnitude : magnitude
    }

    mutating func append(_ value: Int64) {
        if !isWide, let small = Int32(exactly: value), small != Self.absentNarrow {
            narrow.append(small)
            return
        }
        widen()
        wide.append(value)
    }

    mutating func appendAbsent() {
        if isWide { wide.append(Self.absentWide) } else { narrow.append(Self.absentNarrow) }
    }

    private mutating func widen() {
        guard !isWide else { return }
        isWide = true
        wide.reserveCapacity(Swift.max(narrow.capacity, narrow.count + 1))
        wide.append(contentsOf: narrow.lazy.map { $0 == Self.absentNarrow ? Self.absentWide : Int64($0) })
        narrow = []
    }

    mutating func reserve(_ rows: Int) {
        if isWide { wide.reserveCapacity(wide.count + rows) } else { narrow.reserveCapacity(narrow.count + rows) }
    }

    /// Row `row`'s integer, nil when absent.
    @inline(__always)
    func value(at row: Int) -> Int64? {
        if isWide {
            let value = wide[row]
            return value == Self.absentWide ? nil : value
        }
        let value = narrow[row]
        return value == Self.absentNarrow ? nil : Int64(value)
    }

    /// The rows `rows`, in that order.
    func subset(_ rows: [Int32]) -> IntegerRows {
        var subset = IntegerRows()
        subset.isWide = isWide
        if isWide { subset.wide = rows.map { wide[Int($0)] } } else { subset.narrow = rows.map { narrow[Int($0)] } }
        return subset
    }

    var byteCount: Int { narrow.count * 4 + wide.count * 8 }

    /// Calls `body` with the decimal text of `value`.
    @inline(__always)
    static func withText<Result>(of value: Int64, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var magnitude = value.magnitude
            var start = 20
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            return body(UnsafeBufferPointer(rebasing: buffer[start..<20]))
        }
    }
}
