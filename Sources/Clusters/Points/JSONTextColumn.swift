/// One short JSON text per row (a feature's `id`, its `properties` object), stored end to end in
/// one byte buffer so that millions of rows cost their bytes and one offset each, not an object
/// per row. A row may be absent (no `id`, no `properties`), which is not the same as `null`.
public struct JSONTextColumn: Sendable, Equatable {
    private var bytes: [UInt8] = []
    /// `ends[i]` is where row i's text ends in `bytes`; a negative end marks an absent row.
    private var ends: [Int] = []

    public init() {}

    /// How many rows the column holds.
    public var count: Int { ends.count }

    /// Appends a row with this JSON text (taken as given: the caller vouches that it is valid JSON).
    public mutating func append<Bytes: Collection<UInt8>>(_ text: Bytes) {
        bytes.append(contentsOf: text)
        ends.append(bytes.count)
    }

    /// Appends a row with this JSON text.
    public mutating func append(_ text: String) {
        append(text.utf8)
    }

    /// Appends an absent row.
    public mutating func appendAbsent() {
        ends.append(-bytes.count - 1)
    }

    /// Reserves room for `rows` more rows of about `bytesPerRow` bytes.
    public mutating func reserve(rows: Int, bytesPerRow: Int) {
        ends.reserveCapacity(ends.count + rows)
        bytes.reserveCapacity(bytes.count + rows * bytesPerRow)
    }

    private func start(of row: Int) -> Int {
        row == 0 ? 0 : Self.decode(ends[row - 1])
    }

    private static func decode(_ end: Int) -> Int { end < 0 ? -end - 1 : end }

    /// Whether row `row` has a text.
    public func isPresent(_ row: Int) -> Bool { ends[row] >= 0 }

    /// Row `row`'s JSON text as bytes, nil when absent.
    public func bytes(of row: Int) -> ArraySlice<UInt8>? {
        guard ends[row] >= 0 else { return nil }
        return bytes[start(of: row)..<ends[row]]
    }

    /// Row `row`'s JSON text, nil when absent.
    public subscript(row: Int) -> String? {
        bytes(of: row).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Bytes held, for memory accounting.
    public var byteCount: Int { bytes.count + ends.count * MemoryLayout<Int>.stride }
}
