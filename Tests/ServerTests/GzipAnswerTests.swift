import Foundation
import Testing
import TestTier
import TestUpstream

/// GeoJSON and vector-tile answers are gzipped for clients that accept it (as Martin and
/// tileserver-gl serve them): `Content-Encoding: gzip`, `Vary: Accept-Encoding` on every answer, an
/// ETag of their own that If-None-Match matches; the bytes ungzip to the identity answer. PNG tiles
/// stay as they are (already compressed).
@Suite(.process) struct GzipAnswerTests {
    @Test func geoJSONAndVectorTilesAreGzippedForClientsThatAcceptIt() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream) + CitiesDataset.config(card: false).replacingOccurrences(of: "layers: {}\n", with: ""))
        defer { server.kill() }
        for target in ["/clusters/cities?bbox=-10,35,30,60&zoom=3", "/clusters/cities/3/4/2.mvt"] {
            let plain = try server.request(target)
            #expect(plain.status == 200 && plain.header("Content-Encoding") == nil, "\(target)")
            #expect(plain.header("Vary") == "Accept-Encoding", "\(target)")
            for accept in ["gzip", "br, gzip;q=0.5", "*"] {
                let gzipped = try server.request(target, headers: [("Accept-Encoding", accept)])
                #expect(gzipped.status == 200, "\(target) \(accept)")
                #expect(gzipped.header("Content-Encoding") == "gzip", "\(target) \(accept)")
                #expect(gzipped.header("Vary") == "Accept-Encoding", "\(target) \(accept)")
                #expect(gzipped.header("Content-Length") == String(gzipped.body.count))
                #expect(try gunzip(gzipped.body) == plain.body, "\(target) \(accept)")
                let tag = try #require(gzipped.header("ETag"))
                #expect(tag != plain.header("ETag") && tag.hasSuffix("-gzip\""), "\(target): \(tag)")
                let again = try server.request(target, headers: [("Accept-Encoding", accept), ("If-None-Match", tag)])
                #expect(again.status == 304 && again.body.isEmpty, "\(target) \(accept)")
            }
            for refused in ["gzip;q=0", "br", "identity"] {
                let answer = try server.request(target, headers: [("Accept-Encoding", refused)])
                #expect(answer.header("Content-Encoding") == nil && answer.body == plain.body, "\(target) \(refused)")
            }
            // The identity ETag does not match the gzipped representation, nor the other way round.
            #expect(try server.request(target, headers: [("Accept-Encoding", "gzip"), ("If-None-Match", plain.header("ETag")!)]).status == 200)
        }
        let png = try server.request("/tiles/world/2/2/1.png", headers: [("Accept-Encoding", "gzip")])
        #expect(png.header("Content-Encoding") == nil && png.header("Vary") == nil)
    }
}
