import Foundation
import Testing
@testable import Tiles

/// How long an upstream answer stays fresh, from its headers (RFC 9111 §4.2.1, shared cache):
/// what `cairn serve` uses as a tile's lifetime when `cache.honour_upstream` is on.
@Suite struct UpstreamFreshnessTests {
    private let date = "Tue, 03 Nov 2026 10:00:00 GMT"
    private let tenMinutesLater = "Tue, 03 Nov 2026 10:10:00 GMT"

    private func maxAge(_ cacheControl: String?, expires: String? = nil, date: String? = nil, now: Date = Date()) -> Double? {
        Freshness.maxAge(cacheControl: cacheControl, expires: expires, date: date, now: now)
    }

    @Test func sharedMaxAgeBeatsMaxAge() {
        #expect(maxAge("public, max-age=60, s-maxage=600") == 600)
        #expect(maxAge("s-maxage=600, max-age=60") == 600)
        #expect(maxAge("max-age=60") == 60)
        #expect(maxAge("Public, Max-Age=\"90\"") == 90)  // case-insensitive, quotes tolerated
    }

    @Test func maxAgeBeatsExpires() {
        #expect(maxAge("max-age=60", expires: tenMinutesLater, date: date) == 60)
        #expect(maxAge("s-maxage=30", expires: tenMinutesLater, date: date) == 30)
        // Cache-Control without a lifetime leaves Expires in charge.
        #expect(maxAge("public", expires: tenMinutesLater, date: date) == 600)
    }

    @Test func expiresCountsFromTheUpstreamsDate() throws {
        // The upstream's clock may be hours off; Expires − Date is the lifetime it means.
        let muchLater = Date(timeIntervalSince1970: 2_000_000_000)
        #expect(maxAge(nil, expires: tenMinutesLater, date: date, now: muchLater) == 600)
    }

    @Test func expiresCountsFromNowWithoutAUsableDate() throws {
        let now = try #require(HTTPDate.parse(date))
        #expect(maxAge(nil, expires: tenMinutesLater, now: now) == 600)
        #expect(maxAge(nil, expires: tenMinutesLater, date: "yesterday", now: now) == 600)
        #expect(maxAge(nil, expires: date, now: now.addingTimeInterval(60)) == 0)  // already past
    }

    @Test func anInvalidOrZeroExpiresIsAlreadyStale() {
        #expect(maxAge(nil, expires: "0", date: date) == 0)
        #expect(maxAge(nil, expires: "-1") == 0)
        #expect(maxAge(nil, expires: "Tomorrow at noon", date: date) == 0)
        #expect(maxAge(nil, expires: "Tue, 03 Nov 2026 09:00:00 GMT", date: date) == 0)  // before Date
    }

    @Test func noStoreNoCacheAndPrivateAreNotStored() {
        for directive in ["no-store", "no-cache", "private", "max-age=600, no-cache", "private, max-age=600", "s-maxage=60, no-store"] {
            #expect(maxAge(directive, expires: tenMinutesLater, date: date) == 0, "\(directive)")
        }
    }

    @Test func silenceIsNil() {
        #expect(maxAge(nil) == nil)
        #expect(maxAge("public") == nil)
        #expect(maxAge("") == nil)
    }

    /// A lifetime that does not parse makes the answer stale; one too large for any clock is
    /// capped at 2^31 s (RFC 9111 §1.2.2), never an overflow.
    @Test func oddLifetimesAreStaleOrCapped() {
        for value in ["abc", "-5", "1e30", "1.5", ""] {
            #expect(maxAge("max-age=\(value)") == 0, "max-age=\(value)")
        }
        #expect(maxAge("max-age") == 0)
        #expect(maxAge("max-age=99999999999999999999999") == 2_147_483_648)
        #expect(maxAge(nil, expires: "Fri, 31 Dec 9999 23:59:59 GMT", date: date) == 2_147_483_648)
    }
}
