import Canvas
import Foundation
import Tiles

/// A static-map parameter that does not parse or is out of range; the description says which and why.
public struct SnapshotParameterError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}

/// The text forms of static-map parameters, shared by `GET /static/…` and `cairn snapshot`.
public enum SnapshotParameters {
    /// The part of the URL that places the map: `LON,LAT,ZOOM` or `W,S,E,N`.
    public enum Placement: Sendable, Equatable {
        case centre(longitude: Double, latitude: Double, zoom: Double)
        case box(BoundingBox)
    }

    /// `LON,LAT,ZOOM` (a centre and a zoom, fractional allowed) or `W,S,E,N` (a box to fit).
    public static func placement(_ text: String) throws(SnapshotParameterError) -> Placement {
        let numbers = try self.numbers(text, name: "the view")
        switch numbers.count {
        case 3:
            let (longitude, latitude, zoom) = (numbers[0], numbers[1], numbers[2])
            try checkPoint(longitude, latitude, name: "the centre")
            guard (0...Double(TileID.maximumZoom)).contains(zoom) else { throw SnapshotParameterError("the zoom must be from 0 to \(TileID.maximumZoom)") }
            return .centre(longitude: longitude, latitude: latitude, zoom: zoom)
        case 4:
            return .box(try box(numbers))
        default:
            throw SnapshotParameterError("the view is LON,LAT,ZOOM or W,S,E,N")
        }
    }

    /// `W,S,E,N`: a box to fit (west > east crosses the antimeridian).
    public static func box(_ text: String) throws(SnapshotParameterError) -> BoundingBox {
        let numbers = try self.numbers(text, name: "the box")
        guard numbers.count == 4 else { throw SnapshotParameterError("the box is W,S,E,N") }
        return try box(numbers)
    }

    private static func box(_ numbers: [Double]) throws(SnapshotParameterError) -> BoundingBox {
        do {
            return try BoundingBox(west: numbers[0], south: numbers[1], east: numbers[2], north: numbers[3])
        } catch {
            throw SnapshotParameterError("the box W,S,E,N: \(error.problem)")
        }
    }

    /// `WIDTHxHEIGHT` in points, each from 1 to `maximumSide`.
    public static func size(_ text: String, maximumSide: Int) throws(SnapshotParameterError) -> (width: Int, height: Int) {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = plainInteger(parts[0]), let height = plainInteger(parts[1]) else {
            throw SnapshotParameterError("the size is WIDTHxHEIGHT in whole points, like 600x400")
        }
        guard (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
            throw SnapshotParameterError("width and height must be from 1 to \(maximumSide)")
        }
        return (width, height)
    }

    /// `lon,lat[,color];lon,lat[,color]…` (colours as CSS: `red`, `%23ff0000` in a URL, `ff0000`).
    public static func pins(_ text: String, limit: Int = 100) throws(SnapshotParameterError) -> [StaticOverlays.Pin] {
        let entries = text.split(separator: ";")
        guard entries.count <= limit else { throw SnapshotParameterError("at most \(limit) markers") }
        var pins: [StaticOverlays.Pin] = []
        for entry in entries {
            let fields = entry.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == 2 || fields.count == 3, let longitude = Double(fields[0]), let latitude = Double(fields[1]) else {
                throw SnapshotParameterError("a marker is lon,lat or lon,lat,color: '\(entry.prefix(60))'")
            }
            try checkPoint(longitude, latitude, name: "a marker")
            let color = try fields.count == 3 ? self.color(String(fields[2]), name: "a marker's colour") : StaticOverlays.pinColor
            pins.append(StaticOverlays.Pin(longitude: longitude, latitude: latitude, color: color))
        }
        return pins
    }

    /// `lon,lat;lon,lat…` (at least two points) stroked as `stroke` says: `COLOR[,WIDTH]`.
    public static func path(_ text: String, stroke: String?, limit: Int = 1000) throws(SnapshotParameterError) -> StaticOverlays.Path {
        let entries = text.split(separator: ";")
        guard (2...limit).contains(entries.count) else { throw SnapshotParameterError("a path has 2 to \(limit) points lon,lat;lon,lat…") }
        var points: [(longitude: Double, latitude: Double)] = []
        for entry in entries {
            let fields = entry.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == 2, let longitude = Double(fields[0]), let latitude = Double(fields[1]) else {
                throw SnapshotParameterError("a path point is lon,lat: '\(entry.prefix(60))'")
            }
            try checkPoint(longitude, latitude, name: "a path point")
            points.append((longitude, latitude))
        }
        var path = StaticOverlays.Path(points: points)
        if let stroke {
            let fields = stroke.split(separator: ",", omittingEmptySubsequences: false)
            guard (1...2).contains(fields.count) else { throw SnapshotParameterError("stroke is COLOR or COLOR,WIDTH") }
            path.color = try color(String(fields[0]), name: "the stroke colour")
            if fields.count == 2 {
                guard let width = Double(fields[1]), (0.5...50).contains(width) else {
                    throw SnapshotParameterError("the stroke width must be from 0.5 to 50 points")
                }
                path.width = width
            }
        }
        return path
    }

    private static func color(_ text: String, name: String) throws(SnapshotParameterError) -> Color {
        let isHex = (text.count == 6 || text.count == 8) && text.allSatisfy(\.isHexDigit)
        do {
            return try Color(parsing: isHex ? "#" + text : text)
        } catch {
            throw SnapshotParameterError("\(name) '\(text.prefix(40))' is not a colour")
        }
    }

    private static func numbers(_ text: String, name: String) throws(SnapshotParameterError) -> [Double] {
        var numbers: [Double] = []
        for field in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard field.count <= 32, let number = Double(field), number.isFinite else {
                throw SnapshotParameterError("\(name) has '\(field.prefix(32))', not a number")
            }
            numbers.append(number)
        }
        return numbers
    }

    private static func checkPoint(_ longitude: Double, _ latitude: Double, name: String) throws(SnapshotParameterError) {
        guard (-180...180).contains(longitude), (-90...90).contains(latitude) else {
            throw SnapshotParameterError("\(name) must have a longitude from -180 to 180 and a latitude from -90 to 90")
        }
    }

    private static func plainInteger(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 6, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(text)
    }
}
