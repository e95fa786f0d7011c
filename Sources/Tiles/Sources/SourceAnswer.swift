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
package enum Freshness {
    /// The largest lifetime taken from a header: 2^31 seconds, as RFC 9111 §1.2.2 allows, so that
    /// `max-age=1e30` or twenty digits neither overflow nor trap.
    static let longest = 2_147_483_648.0

    /// Seconds of freshness, or nil when the headers do not say. `s-maxage` beats `max-age`, which
    /// beats `Expires` (taken relative to `Date`, else to `now`, so a skewed upstream clock does
    /// not matter); `no-store`, `no-cache` and `private` give 0 (served, not stored); an invalid
    /// `max-age` or `Expires` means already stale.
    package static func maxAge(cacheControl: String?, expires: String?, date: String?, now: Date = Date()) -> Double? {
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
