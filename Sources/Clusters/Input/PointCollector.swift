/// What the point readers share: the points read so far, the invalid records with their places,
/// and room reserved for the rest of the file once a sample of it has been read.
struct PointCollector {
    let source: String
    /// `feature` or `row`.
    let recordKind: String
    private(set) var points = PointSet()
    private(set) var invalid: [InvalidPoint] = []
    /// How many of the points were read by their features' learned layout (``FeatureLayout``).
    var featuresByLayout = 0
    /// The text the records are read from, which turns their offsets into lines.
    private let window: InputWindow
    private var propertyBytes = 0
    private var hasReserved = false

    /// How many points are read before room for the rest is reserved.
    private static let sampleSize = 4_096

    init(source: String, recordKind: String, window: InputWindow) {
        self.source = source
        self.recordKind = recordKind
        self.window = window
    }

    /// Adds a point; `consumed` is how far into the input reading has got.
    @inline(__always)
    mutating func add(
        longitude: Double, latitude: Double, id: UnsafeBufferPointer<UInt8>?,
        properties: UnsafeBufferPointer<UInt8>?, consumed: Int
    ) {
        points.append(longitude: longitude, latitude: latitude, id: id, properties: properties)
        added(propertyBytes: properties?.count ?? 0, consumed: consumed)
    }

    /// Adds a point whose properties object the reader has already split into its values.
    @inline(__always)
    mutating func add(
        longitude: Double, latitude: Double, id: UnsafeBufferPointer<UInt8>?, properties: SplitObjectText, consumed: Int
    ) {
        points.append(longitude: longitude, latitude: latitude, id: id, properties: properties)
        added(propertyBytes: properties.text.count, consumed: consumed)
    }

    @inline(__always)
    private mutating func added(propertyBytes: Int, consumed: Int) {
        guard !hasReserved else { return }
        self.propertyBytes += propertyBytes
        if points.count == Self.sampleSize { reserveForRest(consumed: consumed) }
    }

    /// Reserves room for the points the rest of the input holds, judged by the sample read so far
    /// (nothing for an input of unknown size).
    private mutating func reserveForRest(consumed: Int) {
        hasReserved = true
        guard consumed > 0, let size = window.expectedSize, size > consumed else { return }
        let remaining = Double(size - consumed) / Double(consumed) * Double(points.count)
        points.reserve(Int(remaining * 1.02) + 16, propertyBytesPerPoint: propertyBytes / points.count + 1)
    }

    /// Where a record starts: a byte offset into the window's text, or a line already known.
    enum RecordStart {
        case offset(Int)
        case line(Int)
    }

    /// Records the bad record number `number`.
    mutating func reject(at start: RecordStart, number: Int, problem: String) {
        let line = switch start {
        case .offset(let offset): window.line(at: offset)
        case .line(let line): line
        }
        invalid.append(InvalidPoint(source: source, line: line, record: (recordKind, number), problem: problem))
    }

    /// Forgets everything collected.
    mutating func removeAll() {
        points = PointSet()
        invalid = []
    }

    func result(_ format: PointFormat) -> PointReadResult {
        var result = PointReadResult(points: points, invalid: invalid, format: format)
        result.featuresByLayout = featuresByLayout
        return result
    }
}
