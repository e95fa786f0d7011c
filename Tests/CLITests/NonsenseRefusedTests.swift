import Foundation
import Testing
import TestTier

/// Values that cannot mean what they say are refused with one line naming them (exit 64), and
/// nothing is written: an output name whose extension is a format the command does not write
/// (PNG bytes are never written under `.gif` or `.jpg`), a tile output that is neither an archive
/// nor a directory (`x.zip`), a zoom beyond the grid.
@Suite(.process) struct NonsenseRefusedTests {
    static let tile = Cairn.repositoryRoot + "/Samples/tiles/0/0/0.png"

    @Test(arguments: [
        (["filter", tile, "--chain", "grayscale", "-o", "x.gif"], "error: -o x.gif: .gif is not a format this command writes (.png, .jpg, .jpeg, .webp)"),
        (["snapshot", "--source", "none", "--center", "0,0", "--zoom", "1", "--size", "10x10", "-o", "x.gif"], "error: -o x.gif: .gif is not a format this command writes (.png, .jpg, .jpeg, .webp)"),
        (["badge", "3", "-o", "x.jpg"], "error: -o x.jpg: .jpg is not a format this command writes (.png, .svg, .pdf)"),
        (["card", "--title", "A", "-o", "x.jpg"], "error: -o x.jpg: .jpg is not a format this command writes (.png)"),
        (["render", "--source", "none", "--bbox", "0,0,1,1", "--zoom", "0", "--out", "x.zip"],
         "error: --out x.zip: .zip is not a tile output (a directory, FILE.mbtiles or FILE.pmtiles; a directory whose name has a dot is written DIR.NAME/)"),
        (["convert", "in.mbtiles", "x.zip"],
         "error: x.zip: .zip is not a tile output (a directory, FILE.mbtiles or FILE.pmtiles; a directory whose name has a dot is written DIR.NAME/)"),
        (["clusters", Cairn.repositoryRoot + "/Samples/points/cities15000.csv", "--zoom", "99"], "error: --zoom must be from 0 to 30 (got 99)"),
    ])
    func isRefusedAndNothingWritten(arguments: [String], line: String) throws {
        let directory = try Cairn.temporaryDirectory()
        let run = try Cairn.run(arguments, in: directory)
        #expect(run.status == 64)
        #expect(run.stderr == line + "\n")
        #expect(run.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test func anExtensionInAnyCaseNamesItsFormat() throws {
        let directory = try Cairn.temporaryDirectory()
        let run = try Cairn.run(["filter", Self.tile, "--chain", "grayscale", "-o", "x.JPG"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = try #require(FileManager.default.contents(atPath: directory + "/x.JPG"))
        #expect(Array(bytes.prefix(3)) == [0xFF, 0xD8, 0xFF])
    }
}
