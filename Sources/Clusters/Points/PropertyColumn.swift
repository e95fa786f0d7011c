/// One top-level property of every point, typed, so that a filter or a category reads it per point
/// without touching the properties' JSON text again: its kind, its number (or the number of its
/// string in ``strings``), and whether the point has the key at all.
public struct PropertyColumn: Sendable {
    /// What a point holds for the property.
    public enum Kind: UInt8, Sendable {
        /// No such key, or `null`.
        case absent
        case number
        case string
        case `true`
        case `false`
        /// An object or an array.
        case other
    }

    public let name: String
    /// Each point's kind.
    public internal(set) var kinds: [Kind]
    /// Each point's number; for a string, the index of its text in ``strings``.
    public internal(set) var values: [Double]
    /// The distinct strings, each once.
    public internal(set) var strings: [String]
    /// How many points have the key (with any value, `null` included).
    public internal(set) var keyed: Int

    init(name: String, count: Int) {
        self.name = name
        kinds = [Kind](repeating: .absent, count: count)
        values = [Double](repeating: 0, count: count)
        strings = []
        keyed = 0
    }

    /// The column's rows `rows`, in that order (the strings table is kept whole).
    func subset(_ rows: [Int32]) -> PropertyColumn {
        var column = self
        column.kinds = rows.map { kinds[Int($0)] }
        column.values = rows.map { values[Int($0)] }
        return column
    }

    /// Bytes held.
    var byteCount: Int { kinds.count * 9 + strings.reduce(0) { $0 + $1.utf8.count + 16 } }
}
