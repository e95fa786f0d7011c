import Foundation

/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the HTTP date format; parsing also takes the
/// two obsolete forms RFC 9110 §5.6.7 says recipients must accept (`Sunday, 06-Nov-94 08:49:37 GMT`,
/// `Sun Nov  6 08:49:37 1994`).
public enum HTTPDate {
    private static func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = format
        return formatter
    }
    private static let formatter = formatter("EEE, dd MMM yyyy HH:mm:ss 'GMT'")
    private static let obsolete = [formatter("EEEE, dd-MMM-yy HH:mm:ss 'GMT'"), formatter("EEE MMM d HH:mm:ss yyyy")]
    private static let lock = NSLock()

    private static let weekdays = Array("SunMonTueWedThuFriSat".utf8)
    private static let months = Array("JanFebMarAprMayJunJulAugSepOctNovDec".utf8)

    /// The date in IMF-fixdate, truncated to the second. From 1970 to 9999 the C library's
    /// `gmtime_r` breaks it down (no locale, no lock), not a `DateFormatter` under a lock: every
    /// response carries one or two.
    public static func format(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        var parts = tm()
        guard seconds >= 0, seconds < 253_402_300_800, var whole = time_t(exactly: seconds),
              gmtime_r(&whole, &parts) != nil else {
            lock.lock(); defer { lock.unlock() }
            return formatter.string(from: date)
        }
        let weekday = Int(parts.tm_wday), month = Int(parts.tm_mon)
        var text = [UInt8]()
        text.reserveCapacity(29)
        text += weekdays[3 * weekday ..< 3 * weekday + 3]
        text += Array(", ".utf8)
        digits(Int(parts.tm_mday), 2, into: &text)
        text.append(UInt8(ascii: " "))
        text += months[3 * month ..< 3 * month + 3]
        text.append(UInt8(ascii: " "))
        digits(Int(parts.tm_year) + 1900, 4, into: &text)
        text.append(UInt8(ascii: " "))
        digits(Int(parts.tm_hour), 2, into: &text)
        text.append(UInt8(ascii: ":"))
        digits(Int(parts.tm_min), 2, into: &text)
        text.append(UInt8(ascii: ":"))
        digits(Int(parts.tm_sec), 2, into: &text)
        text += Array(" GMT".utf8)
        return String(decoding: text, as: UTF8.self)
    }

    private static func digits(_ value: Int, _ count: Int, into text: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        while divisor > 0 {
            text.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    /// The date an HTTP date names, in any of the three forms (surrounding spaces ignored); nil when
    /// the text is none of them.
    public static func parse(_ text: String) -> Date? {
        lock.lock(); defer { lock.unlock() }
        let text = text.trimmingCharacters(in: .whitespaces)
        if let date = formatter.date(from: text) { return date }
        // asctime pads the day with a space (`Nov  6`): one space is what the pattern takes.
        let single = text.replacingOccurrences(of: "  ", with: " ")
        return obsolete.lazy.compactMap { $0.date(from: single) }.first
    }
}
