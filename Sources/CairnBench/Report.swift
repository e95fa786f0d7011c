import Foundation

/// Prints benchmark rows: ours, the baseline measured in the same run, their ratio and the target.
enum Report {
    static func header(_ title: String) {
        print("\n## \(title)\n")
        print(pad("benchmark", 44) + pad("median", 12) + pad("baseline", 12) + pad("speed-up", 10) + "target")
        print(String(repeating: "-", count: 100))
    }

    /// One row; `baseline` may be nil for rows without one.
    static func row(_ ours: Measurement, baseline: Measurement?, target: String, unit: String = "ms") {
        let base = baseline.map { format($0.median, unit) } ?? "—"
        let ratio = baseline.map { String(format: "%.1fx", $0.median / ours.median) } ?? "—"
        print(pad(ours.name, 44) + pad(format(ours.median, unit), 12) + pad(base, 12) + pad(ratio, 10) + target)
    }

    static func note(_ text: String) { print("   " + text) }

    static func format(_ value: Double, _ unit: String) -> String {
        unit == "ms" ? String(format: "%.3f ms", value) : String(format: "%.2f %@", value, unit)
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
