import Foundation

/// How a badge writes its count.
public enum LabelMode: String, Sendable, CaseIterable, Decodable {
    /// The count itself: `1234`.
    case exact
    /// The bucket reached: `1000+`; the count itself below the first bucket (`7`).
    case bucket
    /// Short form: `999`, `1.2k`, `15k`, `999k`, `1.5M`, `2.3B`.
    case abbrev

    /// The label for `count` in `bucket`.
    public func label(count: Int, bucket: Bucket) -> String {
        switch self {
        case .exact: String(count)
        case .bucket: bucket.isBelowFirstThreshold ? String(count) : "\(bucket.value)+"
        case .abbrev: LabelMode.abbreviate(count)
        }
    }

    /// Rounds to the nearest unit, one decimal below 10 of a unit and none above, moving to the next
    /// unit when rounding reaches 1000 (999 999 is `1M`, never `1000k`).
    public static func abbreviate(_ count: Int) -> String {
        guard abs(count) >= 1000 else { return String(count) }
        let units: [(Double, String)] = [(1e3, "k"), (1e6, "M"), (1e9, "B"), (1e12, "T")]
        let magnitude = Double(abs(count))
        let sign = count < 0 ? "-" : ""
        for (position, (size, suffix)) in units.enumerated() {
            let scaled = magnitude / size
            let oneDecimal = (scaled * 10).rounded() / 10
            let text: String
            let shown: Double
            if oneDecimal < 10 {
                shown = oneDecimal
                text = oneDecimal == oneDecimal.rounded() ? String(Int(oneDecimal)) : String(format: "%.1f", oneDecimal)
            } else {
                shown = scaled.rounded()
                text = String(Int(shown))
            }
            if shown < 1000 || position == units.count - 1 { return sign + text + suffix }
        }
        return String(count)
    }
}
