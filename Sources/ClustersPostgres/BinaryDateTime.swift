/// PostgreSQL's binary dates and times (days or microseconds counted from 2000-01-01, intervals as
/// months, days and microseconds) written as ISO 8601 text.
enum BinaryDateTime {
    private static let microsecondsPerDay: Int64 = 86_400_000_000
    /// Days from 1970-01-01 to 2000-01-01.
    private static let epochOffset: Int64 = 10_957

    /// A `date`: `2024-05-01`; `infinity`, `-infinity` as PostgreSQL writes them.
    static func date(days: Int32) -> String {
        if days == .max { return "infinity" }
        if days == .min { return "-infinity" }
        return calendarDate(days: Int64(days))
    }

    /// A `time`: `12:30:05`, `12:30:05.25`.
    static func time(microseconds: Int64) -> String {
        timeOfDay(microseconds)
    }

    /// A `timestamp` (`2024-05-01T12:30:05`) or, with `utc`, a `timestamptz` (`…Z`).
    static func timestamp(microseconds: Int64, utc: Bool) -> String {
        if microseconds == .max { return "infinity" }
        if microseconds == .min { return "-infinity" }
        let (days, remainder) = floorDivision(microseconds, microsecondsPerDay)
        return calendarDate(days: days) + "T" + timeOfDay(remainder) + (utc ? "Z" : "")
    }

    /// An `interval` as an ISO 8601 duration, as PostgreSQL's `iso_8601` interval style writes it:
    /// `P1Y2M3DT4H5M6.5S`, `PT0S`, `P-1M`.
    static func interval(months: Int32, days: Int32, microseconds: Int64) -> String {
        var text = "P"
        let (years, monthsLeft) = (months / 12, months % 12)
        if years != 0 { text += "\(years)Y" }
        if monthsLeft != 0 { text += "\(monthsLeft)M" }
        if days != 0 { text += "\(days)D" }
        if microseconds != 0 {
            text += "T"
            let negative = microseconds < 0
            let magnitude = microseconds.magnitude
            let hours = magnitude / 3_600_000_000
            let minutes = magnitude / 60_000_000 % 60
            let seconds = magnitude % 60_000_000
            let sign = negative ? "-" : ""
            if hours != 0 { text += "\(sign)\(hours)H" }
            if minutes != 0 { text += "\(sign)\(minutes)M" }
            if seconds != 0 { text += sign + secondsText(seconds) + "S" }
        }
        return text == "P" ? "PT0S" : text
    }

    // MARK: - Parts

    /// `YYYY-MM-DD` (proleptic Gregorian; astronomical years before year 1: `-0043-03-15`).
    private static func calendarDate(days: Int64) -> String {
        let (year, month, day) = civil(daysSince1970: days + epochOffset)
        let yearText = year < 0 ? "-" + padded(-year, 4) : padded(year, 4)
        return "\(yearText)-\(padded(month, 2))-\(padded(day, 2))"
    }

    /// `HH:MM:SS` and the fraction without trailing zeros.
    private static func timeOfDay(_ microseconds: Int64) -> String {
        let hours = microseconds / 3_600_000_000
        let minutes = microseconds / 60_000_000 % 60
        let seconds = secondsText(UInt64(microseconds % 60_000_000), width: 2)
        return "\(padded(hours, 2)):\(padded(minutes, 2)):\(seconds)"
    }

    /// Seconds from microseconds: `5`, `05.25` with `width` 2.
    private static func secondsText(_ microseconds: UInt64, width: Int = 0) -> String {
        let whole = padded(Int64(microseconds / 1_000_000), width)
        var fraction = padded(Int64(microseconds % 1_000_000), 6)
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? whole : "\(whole).\(fraction)"
    }

    /// Year, month, day of a day count from 1970-01-01 (Howard Hinnant's `civil_from_days`).
    private static func civil(daysSince1970: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = daysSince1970 + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    private static func padded<Number: BinaryInteger>(_ value: Number, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
