import Foundation

/// Byte counts for people: `512 B`, `12.3 kB`, `4.1 MB`, `21.3 GB` (powers of 1000).
public enum ByteCount {
    public static func format(_ bytes: Double) -> String {
        let units = ["B", "kB", "MB", "GB", "TB", "PB"]
        var value = bytes, unit = 0
        while value >= 1000 && unit < units.count - 1 { value /= 1000; unit += 1 }
        return unit == 0 ? "\(Int(value.rounded())) B" : String(format: "%.1f %@", value, units[unit])
    }
}
