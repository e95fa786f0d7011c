/// The zooms and the area of the tiles an output holds, gathered tile by tile (or a zoom's columns
/// and rows at once): what an archive's description says about it (``TilesetDescription/fitted(to:)``).
public struct TileCoverage: Equatable, Sendable {
    /// The columns and rows covered at one zoom.
    private struct Span: Equatable, Sendable {
        var columns: ClosedRange<Int>
        var rows: ClosedRange<Int>
    }

    private var spans: [Int: Span] = [:]

    public init() {}

    /// Adds one tile.
    public mutating func add(_ tile: TileID) {
        add(z: tile.z, columns: tile.x...tile.x, rows: tile.y...tile.y)
    }

    /// Adds tiles at zoom `z` spanning `columns` and `rows` (XYZ rows, north first).
    public mutating func add(z: Int, columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
        guard let span = spans[z] else {
            spans[z] = Span(columns: columns, rows: rows)
            return
        }
        spans[z] = Span(columns: min(span.columns.lowerBound, columns.lowerBound)...max(span.columns.upperBound, columns.upperBound),
                        rows: min(span.rows.lowerBound, rows.lowerBound)...max(span.rows.upperBound, rows.upperBound))
    }

    /// True when no tile was added.
    public var isEmpty: Bool { spans.isEmpty }

    /// The lowest and highest zoom of the tiles; nil when there are none.
    public var zooms: ClosedRange<Int>? {
        guard let low = spans.keys.min(), let high = spans.keys.max() else { return nil }
        return low...high
    }

    /// The lon/lat box around every tile; nil when there are none.
    public var bounds: BoundingBox? {
        guard !spans.isEmpty else { return nil }
        var west = 180.0, south = 90.0, east = -180.0, north = -90.0
        for (z, span) in spans {
            west = min(west, WebMercator.longitude(x: Double(span.columns.lowerBound), zoom: z))
            east = max(east, WebMercator.longitude(x: Double(span.columns.upperBound + 1), zoom: z))
            north = max(north, WebMercator.latitude(y: Double(span.rows.lowerBound), zoom: z))
            south = min(south, WebMercator.latitude(y: Double(span.rows.upperBound + 1), zoom: z))
        }
        return BoundingBox(unchecked: west, south, east, north)
    }
}
