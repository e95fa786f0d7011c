import Foundation
import Testing
import TestTier

/// A `cache seed` in which a tile fails says so in a sentence naming the tile and the cause, not
/// a Swift enum case (`badUpstream("…")`).
@Suite(.process) struct CacheSeedFailureMessageTests {
    @Test func aFailedTileIsNamedWithItsCause() throws {
        let directory = try Cairn.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/corrupt/0/0", withIntermediateDirectories: true)
        try "garbage".write(toFile: directory + "/corrupt/0/0/0.png", atomically: true, encoding: .utf8)
        try "cache: {dir: cache}\nlayers:\n  broken:\n    source: {url: \"file://corrupt/{z}/{x}/{y}.png\"}\n"
            .write(toFile: directory + "/cairn.yml", atomically: true, encoding: .utf8)
        let run = try Cairn.run(["cache", "seed", "--config", "cairn.yml", "--layer", "broken", "--bbox=-180,-85,180,85", "--zoom", "0"],
                                in: directory, environment: ["CAIRN_CACHE_DIR": directory + "/cache"])
        #expect(run.status == 65)
        // What `--help` says of it.
        #expect(String(decoding: try Cairn.run(["cache", "seed", "--help"]).stdout, as: UTF8.self).contains("65 when some failed"))
        #expect(run.errorLines == ["error: 1 of 1 tiles failed; the first, tile 0/0/0: the upstream's answer for 0/0/0 is not a usable image (not a PNG, JPEG or WebP image)"])
    }
}
