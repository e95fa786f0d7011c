import Foundation

/// Numbers with units, as the configuration, `cairn cache purge --older-than` and the admin API
/// write them: durations (`500ms`, `7d`) and sizes (`8MB`, `2GiB`).
public enum Quantity {
    static let durationUnits: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86400), ("w", 604_800)]
    static let sizeUnits: [(String, Double)] = [
        ("KiB", 1024), ("MiB", 1_048_576), ("GiB", 1_073_741_824), ("TiB", 1_099_511_627_776),
        ("kB", 1e3), ("KB", 1e3), ("MB", 1e6), ("GB", 1e9), ("TB", 1e12), ("B", 1),
    ]

    /// A decimal number, optionally followed by one of `units` (the longest suffixes first in the
    /// list), in base units; nil when it is not one. The text is trimmed first.
    static func value(_ text: String, units: [(String, Double)]) -> Double? {
        let text = text.trimmingCharacters(in: .whitespaces)
        let unit = units.first { text.hasSuffix($0.0) }
        let number = unit.map { String(text.dropLast($0.0.count)).trimmingCharacters(in: .whitespaces) } ?? text
        guard let value = Double(number), !value.isNaN else { return nil }
        return value * (unit?.1 ?? 1)
    }

    /// Seconds from `90s`, `15m`, `2h`, `7d`, `1w` or a bare number of seconds: finite and not
    /// negative, else nil.
    public static func seconds(_ text: String) -> Double? {
        guard let value = value(text, units: durationUnits), value.isFinite, value >= 0 else { return nil }
        return value
    }
}
