import Foundation

/// A region in degrees: `west,south,east,north`. `west > east` means the box crosses the
/// antimeridian (for example `170,-20,-170,20` around Fiji).
public struct BoundingBox: Equatable, Sendable, CustomStringConvertible {
    public let west: Double
    public let south: Double
    public let east: Double
    public let north: Double

    public struct Invalid: Error, Equatable, CustomStringConvertible, Sendable {
        public let problem: String
        public var description: String { problem }
    }

    /// A checked box: longitudes in -180...180, latitudes in -90...90, south < north.
    public init(west: Double, south: Double, east: Double, north: Double) throws(Invalid) {
        guard [west, south, east, north].allSatisfy(\.isFinite) else { throw Invalid(problem: "coordinates must be numbers") }
        guard (-180...180).contains(west), (-180...180).contains(east) else {
            throw Invalid(problem: "longitudes must be between -180 and 180")
        }
        guard (-90...90).contains(south), (-90...90).contains(north) else {
            throw Invalid(problem: "latitudes must be between -90 and 90")
        }
        guard south < north else { throw Invalid(problem: "south (\(south)) must be less than north (\(north))") }
        guard west != east else { throw Invalid(problem: "west and east must differ") }
        self.init(unchecked: west, south, east, north)
    }

    init(unchecked west: Double, _ south: Double, _ east: Double, _ north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// Parses `W,S,E,N`.
    public init(parsing text: String) throws(Invalid) {
        let values = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard values.count == 4, let w = values[0], let s = values[1], let e = values[2], let n = values[3] else {
            throw Invalid(problem: "'\(text)' is not W,S,E,N in degrees")
        }
        try self.init(west: w, south: s, east: e, north: n)
    }

    /// The whole Web Mercator world.
    public static let world = BoundingBox(unchecked: -180, -WebMercator.maximumLatitude, 180, WebMercator.maximumLatitude)

    /// True when the box crosses the antimeridian.
    public var crossesAntimeridian: Bool { west > east }

    public var description: String { "\(west),\(south),\(east),\(north)" }
}
