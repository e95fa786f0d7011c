import Foundation
import Testing
import TestTier

/// `cairn filter file:///…/x.mbtiles --tile Z/X/Y` reads the tile from the archive, as a `file://`
/// URL of an archive is read everywhere else (docs/pmtiles.md); it used to be read as one image.
@Suite(.process) struct ArchiveURLFilterTests {
    @Test(arguments: ["mbtiles", "pmtiles"]) func aFileURLOfAnArchiveIsTheArchive(_ format: String) throws {
        let work = try Cairn.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let tiles = Cairn.repositoryRoot + "/Samples/tiles"
        let archive = "\(work)/world.\(format)"
        let convert = try Cairn.run(["convert", tiles, archive, "--quiet"])
        #expect(convert.status == 0, "\(convert.stderr)")
        let filtered = try Cairn.run(["filter", "file://" + archive, "--tile", "2/1/1", "--chain", "identity"])
        #expect(filtered.status == 0, "\(filtered.stderr)")
        #expect(filtered.stdout == Array(try Data(contentsOf: URL(fileURLWithPath: tiles + "/2/1/1.png"))))
    }
}
