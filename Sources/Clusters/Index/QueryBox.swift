/// The region of a clusters query, `west,south,east,north` in degrees, as lenient as supercluster
/// and web maps need it: longitudes may run past ±180 (a map scrolled around the world gives
/// `-250,…,110`), `west > east` crosses the antimeridian, 360° or more is the whole world, and
/// latitudes beyond ±90 are clamped.
public struct QueryBox: Sendable, Equatable, CustomStringConvertible {
    public var west: Double
    public var south: Double
    public var east: Double
    public var north: Double

    /// The whole world.
    public static let world = QueryBox(west: -180, south: -90, east: 180, north: 90)

    public init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// Parses `W,S,E,N`.
    public init(parsing text: String) throws(QueryBoxError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let values = parts.map { Double($0.trimmingWhitespace()) }
        guard values.count == 4, let west = values[0], let south = values[1], let east = values[2], let north = values[3] else {
            throw QueryBoxError(problem: "'\(text)' is not W,S,E,N in degrees")
        }
        guard [west, south, east, north].allSatisfy(\.isFinite) else {
            throw QueryBoxError(problem: "'\(text)': coordinates must be finite numbers")
        }
        guard south <= north else {
            throw QueryBoxError(problem: "'\(text)': south (\(south)) is north of north (\(north))")
        }
        self.init(west: west, south: south, east: east, north: north)
    }

    public var description: String { "\(west),\(south),\(east),\(north)" }
}

/// A query box that does not parse.
public struct QueryBoxError: Error, Sendable, CustomStringConvertible {
    public let problem: String
    public var description: String { problem }
}

extension ClusterIndex {
    /// The items of the level for `zoom` inside `box`.
    public func clusters(in box: QueryBox, zoom: Double) -> [ClusterItem] {
        clusters(west: box.west, south: box.south, east: box.east, north: box.north, zoom: zoom)
    }
}

extension Substring {
    func trimmingWhitespace() -> Substring {
        var text = self
        while text.first?.isWhitespace == true { text = text.dropFirst() }
        while text.last?.isWhitespace == true { text = text.dropLast() }
        return text
    }
}
