import Canvas
import Codecs
import Foundation
import Testing
import TestTier

/// `cairn heatmap` through the real binary: a picture is the tiles of its area pixel for pixel,
/// and its options' errors are one line with their exit code.
@Suite(.process) struct HeatmapCommandTests {
    static let cities = ClustersCommandTests.csv

    func image(_ path: String) throws -> Surface {
        try ImageDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test func aPictureIsTheTilesOfItsAreaPixelForPixel() throws {
        let work = try Cairn.temporaryDirectory()
        let options = ["--radius", "24", "--ramp", "inferno", "--quiet"]
        let tiles = try Cairn.run(["heatmap", Self.cities, "--zoom", "3", "--out", work + "/tiles"] + options)
        #expect(tiles.status == 0, "\(tiles.stderr)")
        // Centred on the corner where tiles 3/4/2, 3/5/2, 3/4/3 and 3/5/3 meet: 45°E, atan(sinh(π/4)).
        let latitude = atan(sinh(Double.pi / 4)) * 180 / .pi
        let picture = try Cairn.run(["heatmap", Self.cities, "--center", "45,\(latitude)", "--zoom", "3", "--size", "512x512",
                                     "-o", work + "/picture.png"] + options)
        #expect(picture.status == 0, "\(picture.stderr)")
        let whole = try image(work + "/picture.png")
        var differing = 0, drawn = 0
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let tile = try image(work + "/tiles/3/\(4 + dx)/\(2 + dy).png")
            for y in 0..<256 {
                for x in 0..<256 {
                    let pixel = tile.pixel(x: x, y: y)
                    if pixel != whole.pixel(x: dx * 256 + x, y: dy * 256 + y) { differing += 1 }
                    if pixel.a > 0 { drawn += 1 }
                }
            }
        }
        #expect(differing == 0)
        #expect(drawn > 100_000, "inferno is opaque: every pixel is drawn")
    }

    @Test func theChainRendererDrawsTheHeatmapTiles() throws {
        let work = try Cairn.temporaryDirectory()
        let tiles = try Cairn.run(["heatmap", Self.cities, "--zoom", "3", "--radius", "30", "--ramp", "magma", "--out", work + "/heat", "--quiet"])
        #expect(tiles.status == 0, "\(tiles.stderr)")
        // Stops with semicolons in a chain; over a transparent tile, the heatmap tile itself.
        let chain = "heatmap:points=\(Self.cities),radius=30,ramp=magma"
        let rendered = try Cairn.run(["render", "--source", "none", "--bbox", "0,0,44,40", "--zoom", "3", "--chain", chain,
                                      "--out", work + "/chain", "--quiet"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let ours = try image(work + "/chain/3/4/3.png"), reference = try image(work + "/heat/3/4/3.png")
        var differing = 0
        for y in 0..<256 {
            for x in 0..<256 where ours.pixel(x: x, y: y) != reference.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0)
        let bad = try Cairn.run(["render", "--source", "none", "--bbox", "0,0,44,40", "--zoom", "3", "--out", work + "/bad",
                                 "--chain", "heatmap:points=\(Self.cities),ramp=0:blue;0.5:bluish;1:red"])
        #expect(bad.status == 64 && bad.stderr.contains("stop 2 '0.5:bluish'"), "\(bad.status) \(bad.stderr)")
    }

    @Test func badOptionsAreOneErrorLineAndTheirExitCode() throws {
        let work = try Cairn.temporaryDirectory()
        let picture = ["--center", "10,50", "--zoom", "4", "--size", "100x100", "-o", work + "/x.png"]
        let cases: [([String], Int32, String)] = [
            (picture + ["--radius", "0"], 64, "error: --radius '0': expected a number of pixels from 1 to 128"),
            (picture + ["--ramp", "0:blue,0.5:bluish,1:red"], 64, "stop 2 '0.5:bluish'"),
            (picture + ["--kernel", "box"], 64, "error: --kernel 'box': expected quartic or gaussian"),
            (["--zoom", "0-2", "--out", work + "/t.pmtiles", "--size", "10x10"], 64, "--out writes tiles"),
            (picture + ["--weight", "name"], 65, "weight 'name' of the point at"),
            (picture + ["--weight", "mass"], 65, "no point has a property 'mass'"),
        ]
        for (options, status, message) in cases {
            let run = try Cairn.run(["heatmap", Self.cities] + options)
            #expect(run.status == status, "\(options): \(run.stderr)")
            let lines = run.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines.first?.hasPrefix("error: ") == true && run.stderr.contains(message), "\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: work + "/x.png"), "no picture written")
        let missing = try Cairn.run(["heatmap", work + "/nothing.csv"] + picture)
        #expect(missing.status == 74 && missing.stderr.hasPrefix("error: ") && missing.stderr.contains("nothing.csv"))
    }
}
