import Clusters

/// Checks a point's coordinates: present, finite, longitude in -180...180, latitude in -90...90;
/// problems are worded as the file readers word them (`latitude 91.5 is out of range (-90...90)`).
enum Coordinate {
    /// What is wrong with a row's coordinates, in a few words.
    struct Problem: Error, Equatable {
        let text: String
    }

    /// The coordinates when they make a point; NULL coordinates are nil.
    static func check(longitude: Double?, latitude: Double?) -> Result<(longitude: Double, latitude: Double), Problem> {
        Result { () throws(Problem) in
            (try check(longitude, name: "longitude", limit: 180), try check(latitude, name: "latitude", limit: 90))
        }
    }

    private static func check(_ value: Double?, name: String, limit: Double) throws(Problem) -> Double {
        guard let value else { throw Problem(text: "\(name) is NULL") }
        guard value.isFinite else {
            throw Problem(text: "\(name) \(value.isNaN ? "NaN" : value > 0 ? "Infinity" : "-Infinity") is not a finite number")
        }
        guard abs(value) <= limit else {
            var text = JSONOutput()
            text.number(value)
            throw Problem(text: "\(name) \(text.text) is out of range (-\(Int(limit))...\(Int(limit)))")
        }
        return value
    }
}
