@testable import CairnServer
import Foundation
import Testing
import TestTier
import TestUpstream
import Tiles

/// `Last-Modified` is never later than `Date` (RFC 9110 §8.8.2): fresh renders, hits, badges,
/// cards and cluster tiles, requested over two seconds so that some are made just after a second
/// begins (where a `Date` lagging the clock showed the second before).
@Suite(.process) struct LastModifiedTests {
    @Test func lastModifiedIsNeverAfterDate() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream) + CitiesDataset.config(card: false).replacingOccurrences(of: "layers: {}\n", with: ""))
        defer { server.kill() }
        var checked = 0
        var later: [String] = []
        let started = Date()
        var round = 0
        while Date().timeIntervalSince(started) < 2.2 * TestTiming.scale {
            let z = 3 + round / 64, x = round % 8, y = (round / 8) % 8
            let targets = [
                "/tiles/world/\(z)/\(x)/\(y).png",         // a fresh render
                "/tiles/world/2/2/1.png",                   // a hit, after the first round
                "/badges/\(round + 1).png",
                "/cards/c\(round).png?title=Place%20\(round)",
                "/clusters/cities/\(z)/\(x)/\(y).png",
            ]
            for target in targets {
                let response = try server.request(target)
                guard response.status == 200 else { continue }
                let date = try #require(response.header("Date").flatMap(HTTPDate.parse), "\(target): no Date")
                let modified = try #require(response.header("Last-Modified").flatMap(HTTPDate.parse), "\(target): no Last-Modified")
                checked += 1
                if modified > date { later.append("\(target): Last-Modified \(response.header("Last-Modified")!) > Date \(response.header("Date")!)") }
            }
            round += 1
        }
        #expect(later.isEmpty, "\(later.count) of \(checked): \(later.prefix(5))")
        #expect(checked >= 50, "only \(checked) answers checked")
    }

    /// The clock race itself, where the served test above only sometimes lands: a second taken
    /// from the clock (what every `Last-Modified` is) is never later than the `Date` stamped after
    /// it, across the second boundaries of 1.2 s of tight looping. (`Date` once came from glibc's
    /// coarse `time()`, which still says the previous second for a few milliseconds.)
    @Test func theDateStampIsNeverBehindTheClock() throws {
        let started = Date()
        var checked = 0, behind = 0
        while Date().timeIntervalSince(started) < 1.2 {
            let modified = Date().timeIntervalSince1970.rounded(.down)
            let date = try #require(HTTPDate.parse(DateHeader.now())).timeIntervalSince1970
            if modified > date { behind += 1 }
            checked += 1
        }
        #expect(behind == 0, "\(behind) of \(checked) stamps were a second behind the clock")
    }
}
