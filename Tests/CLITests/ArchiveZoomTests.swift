import Canvas
import Codecs
import Foundation
import Testing
import TestTier

/// An archive's own zoom range is the default where it is read: the README's snapshot example, over
/// an archive of the sample tiles (zooms 0…4) and with no `--source-maxzoom`, is a map over-zoomed
/// from the archive's deepest zoom, not badges on white.
@Suite(.process) struct ArchiveZoomTests {
    /// The README's `cairn snapshot` example, from `source`, written to `output`.
    private func readmeSnapshot(_ source: [String], to output: String) throws -> Surface {
        let run = try Cairn.run(["snapshot"] + source + ["--bbox", "-10,35,30,60", "--padding", "20", "--size", "800x600",
                                 "--clusters", Cairn.repositoryRoot + "/Samples/points/cities15000.geojson", "--radius", "80",
                                 "--attribution", "Natural Earth, GeoNames", "-o", output])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(source): \(run.stderr)")
        return try ImageDecoder.decode(contents(output))
    }

    @Test(arguments: ["mbtiles", "pmtiles"])
    func theReadmesSnapshotOfAnArchiveIsAMap(_ kind: String) throws {
        let work = try Cairn.temporaryDirectory()
        let archive = work + "/world.\(kind)"
        let convert = try Cairn.run(["convert", worldTiles, archive, "--quiet"])
        try #require(convert.status == 0, "\(convert.stderr)")
        let picture = try readmeSnapshot(["--source", archive], to: work + "/europe.png")
        let told = try readmeSnapshot(["--source", "file://\(worldTiles)/{z}/{x}/{y}.png", "--source-maxzoom", "4"], to: work + "/told.png")
        let white = pixels(picture).filter { $0 == 0xFFFF_FFFF }.count
        #expect(white < pixels(picture).count / 10, "\(kind): \(white) of \(pixels(picture).count) pixels are white")
        #expect(pixels(picture) == pixels(told), "\(kind): the same map as with --source-maxzoom 4 (the archive's maxzoom)")
    }
}
