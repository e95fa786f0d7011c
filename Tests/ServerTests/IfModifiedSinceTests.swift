import Foundation
import Testing
import TestTier
import TestUpstream
import Tiles

/// RFC 9110 §13.2.2: a client that sends `If-Modified-Since` no earlier than the `Last-Modified` it
/// was given gets a 304 without a body — on tiles, badges and the GeoJSON routes — unless it also
/// sends `If-None-Match`, which then decides alone; any of the three HTTP date forms counts, a
/// date that does not parse is ignored.
@Suite(.process) struct IfModifiedSinceTests {
    @Test func aDateNoEarlierThanLastModifiedIsA304AndIfNoneMatchWins() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream) + CitiesDataset.config(card: false).replacingOccurrences(of: "layers: {}\n", with: ""))
        defer { server.kill() }
        for target in ["/tiles/world/2/2/1.png", "/badges/42.png", "/clusters/cities?bbox=-10,35,30,60&zoom=3"] {
            let first = try server.request(target)
            #expect(first.status == 200, "\(target)")
            let lastModified = try #require(first.header("Last-Modified"), "\(target)")
            let modified = try #require(HTTPDate.parse(lastModified))
            let later = HTTPDate.format(modified.addingTimeInterval(3600))
            let earlier = HTTPDate.format(modified.addingTimeInterval(-1))
            // asctime and RFC 850 forms of the same second.
            let asctime = try #require(formatted(modified, "EEE MMM d HH:mm:ss yyyy"))
            let rfc850 = try #require(formatted(modified, "EEEE, dd-MMM-yy HH:mm:ss 'GMT'"))
            let cases: [([(String, String)], Int)] = [
                ([("If-Modified-Since", lastModified)], 304),
                ([("If-Modified-Since", later)], 304),
                ([("If-Modified-Since", asctime)], 304),
                ([("If-Modified-Since", rfc850)], 304),
                ([("If-Modified-Since", earlier)], 200),
                ([("If-Modified-Since", "yesterday")], 200),
                ([("If-Modified-Since", later), ("If-None-Match", "\"other\"")], 200),
                ([("If-Modified-Since", earlier), ("If-None-Match", first.header("ETag") ?? "")], 304),
            ]
            for (headers, status) in cases {
                let answer = try server.request(target, headers: headers)
                #expect(answer.status == status, "\(target) \(headers)")
                if status == 304 {
                    #expect(answer.body.isEmpty && answer.header("ETag") == first.header("ETag"), "\(target) \(headers)")
                } else {
                    #expect(answer.body == first.body, "\(target) \(headers)")
                }
            }
        }
    }

    private func formatted(_ date: Date, _ format: String) -> String? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = format
        return formatter.string(from: date)
    }
}
