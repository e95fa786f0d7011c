import Foundation

/// A source's answer with what an HTTP cache needs: the tile (or "no tile", or "not modified"
/// after a conditional request), how long the upstream says it stays fresh, and its validators.
public struct SourceAnswer: Sendable {
    public enum Body: Sendable {
        case tile(TileImage)
        case noTile
        /// The upstream confirmed that the copy named by the request's validators is current (304).
        case notModified
    }

    public var body: Body
    /// Seconds of freshness from `Cache-Control: s-maxage/max-age` or `Expires` (0 for `no-store`,
    /// `no-cache` and `private`); nil when the upstream says nothing.
    public var maxAge: Double?
    public var validators: Validators

    public init(body: Body, maxAge: Double? = nil, validators: Validators = Validators()) {
        self.body = body
        self.maxAge = maxAge
        self.validators = validators
    }
}

/// An upstream copy's validators, sent back as `If-None-Match` / `If-Modified-Since`.
public struct Validators: Equatable, Sendable {
    public var etag: String?
    public var lastModified: String?

    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    public var isEmpty: Bool { etag == nil && lastModified == nil }
}

extension TileSource {
    /// Sources without HTTP semantics answer with the tile and no freshness information.
    public func fetch(_ id: TileID, scale: Int, validators: Validators) async throws -> SourceAnswer {
        guard let image = try await tile(id, scale: scale) else { return SourceAnswer(body: .noTile) }
        return SourceAnswer(body: .tile(image))
    }
}

/// Freshness from response headers (RFC 9111 §4.2.1, for a shared cache).
enum Freshness {
    /// The largest lifetime taken from a header: 2^31 seconds, as RFC 9111 §1.2.2 allows, so that
    /// `max-age=1e30` or twenty digits neither overflow nor trap.
    static let longest = 2_147_483_648.0

    /// Seconds of freshness, or nil when the headers do not say. `s-maxage` beats `max-age`, which
    /// beats `Expires` (taken relative to `Date`, else to `now`, so a skewed upstream clock does
    /// not matter); `no-store`, `no-cache` and `private` give 0 (served, not stored); an invalid
    /// `max-age` or `Expires` means already stale.
    static func maxAge(cacheControl: String?, expires: String?, date: String?, now: Date = Date()) -> Double? {
        if let cacheControl {
            var maxAge: Double?, sharedMaxAge: Double?
            for directive in cacheControl.lowercased().split(separator: ",") {
                let parts = directive.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
                let name = parts.first.map(String.init) ?? ""
                let value = parts.count == 2 ? deltaSeconds(parts[1]) : 0
                switch name {
                case "no-store", "no-cache", "private": return 0
                case "s-maxage": sharedMaxAge = value
                case "max-age": maxAge = value
                default: break
                }
            }
            if let age = sharedMaxAge ?? maxAge { return age }
        }
        guard let expires else { return nil }
        guard let expiry = HTTPDate.parse(expires) else { return 0 }  // an invalid Expires means "already expired"
        let reference = date.flatMap(HTTPDate.parse) ?? now
        return min(longest, max(0, expiry.timeIntervalSince(reference)))
    }

    /// RFC 9111 delta-seconds: digits (quotes tolerated), capped at ``longest``; 0 for anything
    /// else (a non-integer value makes the response stale).
    private static func deltaSeconds(_ text: Substring) -> Double {
        let digits = text.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }) else { return 0 }
        return min(longest, Double(digits) ?? longest)
    }
}

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

    /// The date in IMF-fixdate, truncated to the second. From 1970 to 9999 it is worked out by
    /// calendar arithmetic, not by a `DateFormatter` under a lock: every response carries one or two.
    public static func format(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds >= 0, seconds < 253_402_300_800, let whole = Int(exactly: seconds) else {
            lock.lock(); defer { lock.unlock() }
            return formatter.string(from: date)
        }
        let days = whole / 86_400
        let time = whole - days * 86_400
        let (year, month, day) = civil(days: days)
        var text = [UInt8]()
        text.reserveCapacity(29)
        let weekday = (days + 4) % 7  // 1 January 1970 was a Thursday
        text += weekdays[3 * weekday ..< 3 * weekday + 3]
        text += Array(", ".utf8)
        digits(day, 2, into: &text)
        text.append(UInt8(ascii: " "))
        text += months[3 * (month - 1) ..< 3 * month]
        text.append(UInt8(ascii: " "))
        digits(year, 4, into: &text)
        text.append(UInt8(ascii: " "))
        digits(time / 3600, 2, into: &text)
        text.append(UInt8(ascii: ":"))
        digits(time / 60 % 60, 2, into: &text)
        text.append(UInt8(ascii: ":"))
        digits(time % 60, 2, into: &text)
        text += Array(" GMT".utf8)
        return String(decoding: text, as: UTF8.self)
    }

    /// Year, month (1–12) and day of the month of a day counted from 1 January 1970, from then on
    /// (Howard Hinnant's `civil_from_days`: 400-year eras of 146 097 days, years starting in March).
    private static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func digits(_ value: Int, _ count: Int, into text: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        while divisor > 0 {
            text.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    public static func parse(_ text: String) -> Date? {
        lock.lock(); defer { lock.unlock() }
        let text = text.trimmingCharacters(in: .whitespaces)
        if let date = formatter.date(from: text) { return date }
        // asctime pads the day with a space (`Nov  6`): one space is what the pattern takes.
        let single = text.replacingOccurrences(of: "  ", with: " ")
        return obsolete.lazy.compactMap { $0.date(from: single) }.first
    }
}
