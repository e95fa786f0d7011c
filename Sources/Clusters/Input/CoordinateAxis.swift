/// Longitude or latitude: its valid range and the words a bad value is reported in.
enum CoordinateAxis: String {
    case longitude, latitude

    /// 180 or 90: values run from -limit to +limit, both included.
    var limit: Double { self == .longitude ? 180 : 90 }

    /// What is wrong with `value`, written as `text` in the input, or nil when it is a coordinate:
    /// `longitude 200 is out of range (-180...180)`, `latitude 1e999 is not a finite number`.
    @inline(__always)
    func problem(with value: Double, text: @autoclosure () -> String) -> String? {
        abs(value) <= limit ? nil : problem(outOfRange: value, text: text())
    }

    private func problem(outOfRange value: Double, text: String) -> String {
        value.isFinite
            ? "\(rawValue) \(text) is out of range (-\(Int(limit))...\(Int(limit)))"
            : "\(rawValue) \(text) is not a finite number"
    }

    /// `latitude "abc" is not a number`, `longitude null is not a number`.
    func notANumber(_ text: String) -> String {
        "\(rawValue) \(text) is not a number"
    }
}
