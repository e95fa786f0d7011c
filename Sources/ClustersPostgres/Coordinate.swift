import Clusters

/// Checks a point's coordinates: present, finite, longitude in -180...180, latitude in -90...90;
/// problems are worded as the file readers word them (`latitude 91.5 is out of range (-90...90)`).
enum Coordinate {
    /// What is wrong with the coordinates, in a few words; nil when they are fine.
    static func problem(longitude: Double?, latitude: Double?) -> String? {
        check(longitude, name: "longitude", limit: 180) ?? check(latitude, name: "latitude", limit: 90)
    }

    private static func check(_ value: Double?, name: String, limit: Double) -> String? {
        guard let value else { return "\(name) is NULL" }
        guard value.isFinite else {
            return "\(name) \(value.isNaN ? "NaN" : value > 0 ? "Infinity" : "-Infinity") is not a finite number"
        }
        guard abs(value) <= limit else {
            var text = JSONOutput()
            text.number(value)
            return "\(name) \(text.text) is out of range (-\(Int(limit))...\(Int(limit)))"
        }
        return nil
    }
}
