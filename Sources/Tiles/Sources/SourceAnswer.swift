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

    public static func parse(_ text: String) -> Date? {
        lock.lock(); defer { lock.unlock() }
        let text = text.trimmingCharacters(in: .whitespaces)
        if let date = formatter.date(from: text) { return date }
        // asctime pads the day with a space (`Nov  6`): one space is what the pattern takes.
        let single = text.replacingOccurrences(of: "  ", with: " ")
        return obsolete.lazy.compactMap { $0.date(from: single) }.first
    }
}
