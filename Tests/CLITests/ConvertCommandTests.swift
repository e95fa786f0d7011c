import Foundation
import Testing
import TestTier
import Tiles

/// `cairn convert IN… OUT` through the binary: every direction between z/x/y directories, MBTiles
/// and PMTiles byte for byte, shards merged into the unsharded render, conflicts named, corrupt
/// archives refused with one `error:` line (exit 65).
@Suite(.process) struct ConvertCommandTests {
    /// Every `z/x/y.ext` file of two trees is the same, and there are as many.
    private func expectSameTrees(_ a: String, _ b: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(files(under: a) == files(under: b), sourceLocation: sourceLocation)
        for file in files(under: a) { #expect(contents(a + "/" + file) == contents(b + "/" + file), "\(file)", sourceLocation: sourceLocation) }
    }

    @Test func convertsInEveryDirectionByteForByte() throws {
        let work = try Cairn.temporaryDirectory()
        let source = work + "/source"
        try FileManager.default.copyItem(atPath: worldTiles, toPath: source)
        let steps = [(source, work + "/a.mbtiles"), (work + "/a.mbtiles", work + "/b.pmtiles"), (work + "/b.pmtiles", work + "/c"),
                     (work + "/c", work + "/d.pmtiles"), (work + "/d.pmtiles", work + "/e.mbtiles"), (work + "/e.mbtiles", work + "/f")]
        let count = files(under: source).count
        #expect(count > 250)
        for (input, output) in steps {
            let run = try Cairn.run(["convert", input, output])
            #expect(run.status == 0, "\(input) → \(output): \(run.stderr)")
            #expect(run.stderr.hasPrefix("converted \(count) tiles from 1 input to \(output) in "), "\(run.stderr)")
        }
        expectSameTrees(source, work + "/c")
        expectSameTrees(source, work + "/f")
        #expect(try sqlite(work + "/e.mbtiles", "SELECT COUNT(*) FROM tiles") == String(count))
        #expect(try sqlite(work + "/e.mbtiles", "SELECT value FROM metadata WHERE name = 'format'") == "png")
        #expect(try sqlite(work + "/e.mbtiles", "SELECT value FROM metadata WHERE name = 'maxzoom'") == "4")
        let reading = try ReferenceReading(archive: work + "/d.pmtiles", directory: source)
        #expect(reading.matches)
        #expect(reading.metadata["minzoom"] as? Int == 0 && reading.metadata["maxzoom"] as? Int == 4)
        let b = try ReferenceReading(archive: work + "/b.pmtiles", directory: source)
        #expect(b.matches && b.metadata["format"] as? String == "png")
        #expect(files(under: work).allSatisfy { !$0.contains(".tmp") && !$0.contains(".spool") }, "\(files(under: work))")
    }

    /// The seed Job's parts (`render --shard I/N` into `part-I.mbtiles`) merge into the archive an
    /// unsharded render makes.
    @Test func shardsMergeIntoTheUnshardedRender() throws {
        let work = try Cairn.temporaryDirectory()
        let job = ["render", "--source", worldTiles, "--bbox", "-180,-85,180,85", "--zoom", "0-4", "--chain", "sepia", "--quiet"]
        #expect(try Cairn.run(job + ["--out", work + "/whole"]).status == 0)
        for part in 0..<3 { #expect(try Cairn.run(job + ["--shard", "\(part)/3", "--out", work + "/part-\(part).mbtiles"]).status == 0) }
        let run = try Cairn.run(["convert"] + (0..<3).map { work + "/part-\($0).mbtiles" } + [work + "/world.pmtiles"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("converted \(files(under: work + "/whole").count) tiles from 3 inputs"), "\(run.stderr)")
        let reading = try ReferenceReading(archive: work + "/world.pmtiles", directory: work + "/whole")
        #expect(reading.matches, "differ \(reading.differ.prefix(3)) missing \(reading.missing.prefix(3))")
        #expect(reading.header["min_zoom"] as? Int == 0 && reading.header["max_zoom"] as? Int == 4)
    }

    @Test func aTileTwoInputsHoldDifferentlyIsAnErrorUnlessPreferSaysWhichWins() throws {
        let work = try Cairn.temporaryDirectory()
        try FileManager.default.copyItem(atPath: worldTiles, toPath: work + "/a")
        try write(worldTile("1/0/0"), to: work + "/b/1/0/0.png")  // the same bytes: no conflict
        try write(worldTile("1/1/1"), to: work + "/b/2/3/1.png")  // different bytes for 2/3/1
        try write(worldTile("1/1/1"), to: work + "/b/5/0/0.png")  // a tile only b has
        let conflict = try Cairn.run(["convert", work + "/a", work + "/b", work + "/out.pmtiles"])
        #expect(conflict.status == 65)
        #expect(conflict.errorLines == ["error: tile 2/3/1 differs between \(work)/a and \(work)/b (--prefer first or --prefer last picks one)"])
        #expect(!FileManager.default.fileExists(atPath: work + "/out.pmtiles"))
        #expect(files(under: work).allSatisfy { !$0.hasPrefix(".") }, "nothing left behind: \(files(under: work))")

        let last = try Cairn.run(["convert", work + "/a", work + "/b", work + "/last.mbtiles", "--prefer", "last"])
        #expect(last.status == 0, "\(last.stderr)")
        #expect(last.stderr.contains("converted \(files(under: worldTiles).count + 1) tiles from 2 inputs") && last.stderr.contains("1 held twice with the same bytes")
                && last.stderr.contains("1 differing, the last input's kept"), "\(last.stderr)")
        #expect(try sqlite(work + "/last.mbtiles", "SELECT hex(tile_data) FROM tiles WHERE zoom_level=2 AND tile_column=3 AND tile_row=2")
                == worldTile("1/1/1").map { String(format: "%02X", $0) }.joined())
        let first = try Cairn.run(["convert", work + "/a", work + "/b", work + "/first", "--prefer", "first"])
        #expect(first.status == 0 && contents(work + "/first/2/3/1.png") == worldTile("2/3/1"))
        #expect(contents(work + "/first/5/0/0.png") == worldTile("1/1/1"))
    }

    @Test func usageAndInputErrorsHaveTheirExitCodes() throws {
        let work = try Cairn.temporaryDirectory()
        let alone = try Cairn.run(["convert", work + "/x.pmtiles"])
        #expect(alone.status == 64)
        let missing = try Cairn.run(["convert", work + "/nothing.mbtiles", work + "/x.pmtiles"])
        #expect(missing.status == 74 && missing.errorLines.first?.contains("\(work)/nothing.mbtiles") == true, "\(missing.stderr)")
        let same = try Cairn.run(["convert", worldTiles, worldTiles])
        #expect(same.status == 64)
        let prefer = try Cairn.run(["convert", worldTiles, work + "/x.pmtiles", "--prefer", "middle"])
        #expect(prefer.status == 64)
    }

    /// Bad magic, a truncated directory, offsets past the end: one `error:` line naming the file, exit 65.
    @Test func corruptArchivesAreRefusedNamingTheFile() throws {
        let work = try Cairn.temporaryDirectory()
        #expect(try Cairn.run(["convert", worldTiles, work + "/good.pmtiles"]).status == 0)
        let good = contents(work + "/good.pmtiles")
        let header = try PMTilesHeader(parsing: good)
        var magic = good; magic[0] = 0x58
        var pastEnd = good
        // The tile data said to start beyond the end of the file.
        let beyond = UInt64(good.count + 1000)
        for index in 0..<8 { pastEnd[56 + index] = UInt8(truncatingIfNeeded: beyond >> (8 * UInt64(index))) }
        let cases: [(String, [UInt8], String)] = [
            ("magic.pmtiles", magic, "not a PMTiles archive (bad magic number)"),
            ("truncated.pmtiles", Array(good.prefix(Int(header.rootOffset + header.rootLength / 2))), "truncated"),
            ("past-end.pmtiles", pastEnd, "past the end"),
        ]
        for (name, bytes, words) in cases {
            let path = work + "/" + name
            try write(bytes, to: path)
            for arguments in [["convert", path, work + "/out-\(name).mbtiles"],
                              ["render", "--source", path, "--bbox", "-180,-85,180,85", "--zoom", "0-1", "--out", work + "/out-\(name)"]] {
                let run = try Cairn.run(arguments)
                #expect(run.status == 65, "\(arguments[0]) \(name): \(run.stderr)")
                #expect(run.errorLines.count == 1 && run.errorLines.first?.contains(path) == true && run.errorLines.first?.contains(words) == true,
                        "\(arguments[0]) \(name): \(run.stderr)")
            }
        }
    }
}
