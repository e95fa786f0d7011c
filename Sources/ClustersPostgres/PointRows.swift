import Clusters
import PostgresNIO

/// Turns result rows into points, one at a time as they stream in: the id, the coordinates
/// (checked: not NULL, finite, in range) and the other columns as a JSON properties object in
/// column order. A row that cannot be a point becomes an ``InvalidPoint`` and is skipped.
struct PointRows {
    let columns: PointColumns
    /// The dataset's name, for ``InvalidPoint/source``.
    let source: String
    private(set) var outcome = PointReadResult()
    private(set) var rowNumber = 0
    private var propertyBytes = 64

    init(_ columns: PointColumns, source: String) {
        self.columns = columns
        self.source = source
    }

    /// Reads one row.
    mutating func add(_ row: PostgresRow) {
        rowNumber += 1
        var id: [UInt8]? = nil
        var longitude: Double? = nil  // nil: NULL (the column is always there)
        var latitude: Double? = nil
        var properties = JSONOutput(reservingCapacity: propertyBytes)
        properties.raw("{")
        var first = true
        for cell in row {
            let kind = columns.kinds[cell.columnIndex]
            switch columns.roles[cell.columnIndex] {
            case .id:
                id = cell.bytes.flatMap(kind.id)
            case .longitude:
                longitude = cell.bytes.flatMap(kind.double)
            case .latitude:
                latitude = cell.bytes.flatMap(kind.double)
            case .property(let key):
                if !first { properties.raw(",") }
                first = false
                properties.raw(key)
                if let bytes = cell.bytes { kind.writeProperty(bytes, into: &properties) } else { properties.raw("null") }
            }
        }
        properties.raw("}")
        switch Coordinate.check(longitude: longitude, latitude: latitude) {
        case .success(let point):
            propertyBytes = max(propertyBytes, properties.bytes.count)
            outcome.points.append(
                longitude: point.longitude, latitude: point.latitude, id: id, properties: properties.bytes)
        case .failure(let problem):
            outcome.invalid.append(
                InvalidPoint(source: source, line: nil, record: ("row", rowNumber), problem: problem.text))
        }
    }
}
