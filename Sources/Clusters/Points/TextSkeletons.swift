/// The distinct shapes of the JSON objects of a ``SplitTextRows`` column: an object's text with its
/// top-level values taken out, kept once (`{"name":` · `,"population":` · `}`). Rows of a dataset
/// share a handful of shapes, so each row keeps only its values.
struct TextSkeletons: Sendable {
    /// Each shape's parts: the text before the first value, between values, and after the last.
    private(set) var parts: [[[UInt8]]] = []
    /// Shapes by their parts joined with 0xFF (a byte UTF-8 text never holds).
    private var numbers: [[UInt8]: UInt16] = [:]
    private var lastKey: [UInt8] = []
    private var lastNumber: UInt16 = 0
    private var storedBytes = 0

    /// The most shapes kept; rows of further shapes are kept whole.
    static let limit = 0xFFF0
    /// The most bytes of shape text kept.
    static let byteLimit = 1 << 24

    /// The number of the shape whose parts, joined with 0xFF, are `key`, taking it in when new;
    /// nil when the table is full.
    mutating func number(ofKey key: [UInt8]) -> UInt16? {
        if !parts.isEmpty, key == lastKey { return lastNumber }
        if let number = numbers[key] {
            lastKey = key
            lastNumber = number
            return number
        }
        guard parts.count < Self.limit, storedBytes + key.count <= Self.byteLimit else { return nil }
        let number = UInt16(parts.count)
        parts.append(key.split(separator: 0xFF, omittingEmptySubsequences: false).map { Array($0) })
        numbers[key] = number
        storedBytes += key.count
        lastKey = key
        lastNumber = number
        return number
    }

    /// Bytes held.
    var byteCount: Int { storedBytes * 2 + parts.count * 64 }
}
