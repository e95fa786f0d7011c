import Foundation
import Testing
import TestTier
import Tiles

/// `render --zoom 0-12` from the sample tiles (zooms 0-4) writes an archive whose metadata says zooms
/// 0-4, the region asked for and a centre among those zooms; `convert` of an archive whose metadata
/// claims more writes what the copy holds.
@Suite(.process) struct ArchiveMetadataCommandTests {
    static let switzerland = ["--bbox", "5.9,45.8,10.5,47.8"]

    private func render(zooms: String, to output: String) throws {
        let run = try Cairn.run(["render", "--source", worldTiles] + Self.switzerland + ["--zoom", zooms, "--out", output])
        try #require(run.status == 0, "\(run.stderr)")
    }

    @Test func anMBTilesRenderSaysTheZoomsItHolds() throws {
        let work = try Cairn.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: work) }
        try render(zooms: "0-12", to: work + "/swiss.mbtiles")
        let rows = try sqlite(work + "/swiss.mbtiles", "SELECT name, value FROM metadata WHERE name IN ('minzoom', 'maxzoom', 'bounds', 'center') ORDER BY name")
        #expect(rows == "bounds|5.9,45.8,10.5,47.8\ncenter|8.2,46.8,0\nmaxzoom|4\nminzoom|0", "\(rows)")
    }

    @Test func aPMTilesRenderSaysTheZoomsItHolds() throws {
        let work = try Cairn.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: work) }
        try render(zooms: "2-12", to: work + "/swiss.pmtiles")
        let archive = try PMTilesReader(path: work + "/swiss.pmtiles")
        #expect(archive.header.minZoom == 2 && archive.header.maxZoom == 4)
        #expect(archive.header.centerZoom == 2)
        #expect(archive.header.minLonE7 == 59_000_000 && archive.header.maxLatE7 == 478_000_000)
        #expect(archive.metadata["minzoom"] == "2" && archive.metadata["maxzoom"] == "4" && archive.metadata["center"] == "8.2,46.8,2")
    }

    @Test func convertWritesWhatTheCopyHoldsNotWhatItsInputClaimed() throws {
        let work = try Cairn.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: work) }
        try render(zooms: "0-4", to: work + "/swiss.mbtiles")
        _ = try sqlite(work + "/swiss.mbtiles", "UPDATE metadata SET value = '12' WHERE name = 'maxzoom'; UPDATE metadata SET value = '8.2,46.8,10' WHERE name = 'center'")
        let convert = try Cairn.run(["convert", work + "/swiss.mbtiles", work + "/copy.mbtiles", "--quiet"])
        try #require(convert.status == 0, "\(convert.stderr)")
        let rows = try sqlite(work + "/copy.mbtiles", "SELECT name, value FROM metadata WHERE name IN ('maxzoom', 'center') ORDER BY name")
        #expect(rows == "center|8.2,46.8,4\nmaxzoom|4", "\(rows)")
    }
}
