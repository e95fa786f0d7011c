import Foundation

/// Numbers with units in the configuration: durations (`500ms`, `7d`), sizes (`8MB`, `2GiB`) and
/// pixel counts (`16MP`). Each is range-checked before it becomes an `Int` or a `Double`, so a value
/// like `1e30GB` or `1e400s` is a ``ConfigError`` naming its path, never an overflow trap.
extension ConfigNode {
    /// Seconds: `500ms`, `5s`, `10m`, `2h`, `7d`, `1w`, or a bare number of seconds, within `range`.
    func seconds(in range: ClosedRange<Double>) throws(ConfigError) -> Double {
        let (text, value) = try quantity(units: Self.durationUnits, example: "a duration (like 500ms, 5s, 10m, 2h, 7d)")
        guard value.isFinite, range.contains(value) else {
            throw fail("'\(text)' is not in \(Self.plain(range.lowerBound))…\(Self.plain(range.upperBound)) seconds")
        }
        return value
    }

    /// Bytes: `512`, `64kB`, `8MB`, `2GB` (powers of 1000; `KiB`/`MiB`/`GiB`/`TiB` are powers of 1024), within `range`.
    func bytes(in range: ClosedRange<Int> = 0...Int.max) throws(ConfigError) -> Int {
        try count(units: Self.sizeUnits, example: "a size (like 512, 64kB, 8MB, 2GB)", unit: "bytes", in: range)
    }

    /// Pixels: `16000000` or `16MP` (megapixels), within `range`.
    func pixels(in range: ClosedRange<Int>) throws(ConfigError) -> Int {
        try count(units: [("MP", 1e6)], example: "a pixel count (like 4000000 or 16MP)", unit: "pixels", in: range)
    }

    private static let durationUnits: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86400), ("w", 604_800)]
    private static let sizeUnits: [(String, Double)] = [
        ("KiB", 1024), ("MiB", 1_048_576), ("GiB", 1_073_741_824), ("TiB", 1_099_511_627_776),
        ("kB", 1e3), ("KB", 1e3), ("MB", 1e6), ("GB", 1e9), ("TB", 1e12), ("B", 1),
    ]

    /// A whole number of `unit` from a quantity with `units`, checked against `range` while still a
    /// `Double` (converting an out-of-range `Double` to `Int` traps).
    private func count(units: [(String, Double)], example: String, unit: String, in range: ClosedRange<Int>) throws(ConfigError) -> Int {
        let (text, value) = try quantity(units: units, example: example)
        // Double(Int.max) rounds up to 2^63, so the upper test is strict against upper + 1.
        guard value.isFinite, value >= Double(range.lowerBound), value < Double(range.upperBound) + 1,
              range.contains(Int(value)) else {
            throw fail("'\(text)' is not in \(range.lowerBound)…\(range.upperBound) \(unit)")
        }
        return Int(value)
    }

    /// The trimmed text and its value in base units: a decimal number, optionally followed by one of
    /// `units` (the longest suffixes come first in the list).
    private func quantity(units: [(String, Double)], example: String) throws(ConfigError) -> (String, Double) {
        let text = try string().trimmingCharacters(in: .whitespaces)
        let unit = units.first { text.hasSuffix($0.0) }
        let number = unit.map { String(text.dropLast($0.0.count)).trimmingCharacters(in: .whitespaces) } ?? text
        guard let value = Double(number), !value.isNaN else { throw fail("'\(text)' is not \(example)") }
        return (text, value * (unit?.1 ?? 1))
    }

    /// `3600` rather than `3600.0`; `0.001` as it is.
    private static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension ServerConfig {
    /// A duration written as the configuration writes them (`500ms`, `90s`, `15m`, `1h`, `7d`, `1w`),
    /// within `range`, for command-line options: errors are named by `name` (`--expires: …`).
    public static func seconds(_ text: String, name: String, in range: ClosedRange<Double>) throws(ConfigError) -> Double {
        try ConfigNode(.scalar(.init(text)), path: name).seconds(in: range)
    }
}
