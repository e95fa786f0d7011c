import Canvas
import Codecs
import Foundation
import Testing
import TestTier
import Tiles

/// `cairn snapshot` on the real binary over the corpus tiles: a view that is exactly one tile is
/// that tile, an @2x view from a 256 px source is the next zoom's four tiles; pins and clusters
/// are drawn; bad options are one `error:` line and exit 64, and nothing is written.
@Suite(.process) struct SnapshotCommandTests {
    private let template = "file://\(worldTiles)/{z}/{x}/{y}.png"

    /// The longitude and latitude of the centre of tile z/x/y.
    private func centre(of tile: TileID) -> String {
        let lon = WebMercator.longitude(x: Double(tile.x) + 0.5, zoom: tile.z), lat = WebMercator.latitude(y: Double(tile.y) + 0.5, zoom: tile.z)
        return "\(lon),\(lat)"
    }

    private func snapshot(_ arguments: [String]) throws -> (CairnRun, Surface?) {
        let run = try Cairn.run(["snapshot", "--source", template] + arguments)
        return (run, run.status == 0 ? try ImageDecoder.decode(run.stdout) : nil)
    }

    @Test func aViewOfExactlyOneTileIsThatTile() throws {
        let tile = try TileID(z: 3, x: 4, y: 2)
        let (run, picture) = try snapshot(["--center", centre(of: tile), "--zoom", "3", "--size", "256x256"])
        #expect(run.status == 0, "\(run.stderr)")
        let expected = try ImageDecoder.decode(worldTile("3/4/2"))
        #expect(try pixels(#require(picture)) == pixels(expected))
    }

    @Test func anAt2xViewOfA256PixelSourceIsTheNextZoomsTiles() throws {
        let tile = try TileID(z: 2, x: 2, y: 1)
        let (run, picture) = try snapshot(["--center", centre(of: tile), "--zoom", "2", "--size", "256x256", "--scale", "2"])
        #expect(run.status == 0, "\(run.stderr)")
        let image = try #require(picture)
        #expect(image.width == 512 && image.height == 512)
        #expect(pixels(image) == pixels(try retinaTile(tile)))
    }

    @Test func pinsAndClustersAreDrawnAndTheChainRuns() throws {
        let tile = try TileID(z: 3, x: 4, y: 2)
        let view = ["--center", centre(of: tile), "--zoom", "3", "--size", "256x256"]
        let (_, plain) = try snapshot(view)
        let (_, gridded) = try snapshot(view + ["--chain", "grayscale"])
        let grey = try #require(gridded).pixel(x: 100, y: 100)
        #expect(grey.r == grey.g && grey.g == grey.b, "the chain ran on the tiles: \(grey)")
        let (run, drawn) = try snapshot(view + ["--markers", "\(centre(of: tile)),0000ff", "--clusters",
                                                Cairn.repositoryRoot + "/Samples/points/cities15000.geojson", "--radius", "80"])
        #expect(run.status == 0, "\(run.stderr)")
        let picture = try #require(drawn), base = try #require(plain)
        let head = picture.pixel(x: 128, y: 128 - 12)
        #expect(head.b > 230 && head.r < 30, "the blue pin's head above the centre: \(head)")
        var changed = 0
        for y in stride(from: 0, to: 256, by: 2) {
            for x in stride(from: 0, to: 256, by: 2) where picture.pixel(x: x, y: y) != base.pixel(x: x, y: y) { changed += 1 }
        }
        #expect(changed > 1000, "badges over Europe: \(changed) of 16384 sampled pixels changed")
    }

    @Test func badOptionsAreOneErrorLineAndNothingIsWritten() throws {
        let directory = NSTemporaryDirectory() + "cairn-snapshot-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = directory + "/map.png"
        let cases: [([String], Int32, String)] = [
            (["--center", "10,50", "--size", "100x100"], 64, "--center needs --zoom"),
            (["--center", "10,50", "--zoom", "3", "--size", "100by100"], 64, "--size: the size is WIDTHxHEIGHT"),
            (["--center", "10,50", "--zoom", "3", "--size", "30000x300"], 64, "--size: width and height must be from 1 to 8192"),
            (["--center", "10,50", "--zoom", "3", "--size", "5000x300", "--scale", "2"], 64, "--size: width and height must be from 1 to 4096"),
            (["--center", "10,95", "--zoom", "3", "--size", "100x100"], 64, "--center: the centre must have"),
            (["--bbox", "30,35,-10", "--size", "100x100"], 64, "--bbox: '30,35,-10' is not W,S,E,N in degrees"),
            (["--bbox", "30,35,-10,95", "--size", "100x100"], 64, "--bbox: latitudes must be between -90 and 90"),
            (["--center", "10,50", "--zoom", "31", "--size", "100x100"], 64, "--zoom must be from 0 to 30 (got 31.0)"),
            (["--center", "10,50", "--zoom", "3", "--size", "100x100", "--markers", "10,50,nocolour"], 64, "--markers: a marker's colour"),
            (["--center", "10,50", "--zoom", "3", "--size", "100x100", "--stroke", "red"], 64, "--stroke needs --path"),
            (["--center", "10,50", "--zoom", "3", "--size", "100x100", "--clusters", directory + "/none.csv"], 74, "none.csv"),
        ]
        for (arguments, status, message) in cases {
            let run = try Cairn.run(["snapshot", "--source", template] + arguments + ["-o", output])
            #expect(run.status == status, "\(arguments): \(run.stderr)")
            #expect(run.errorLines.count == 1 && run.errorLines.first?.contains(message) == true, "\(arguments): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: output), "\(arguments) wrote \(output)")
        }
        let blank = try Cairn.run(["snapshot", "--source", "file://\(directory)/{z}/{x}/{y}.png", "--center", "10,50", "--zoom", "3",
                                   "--size", "100x100", "-o", output])
        #expect(blank.status == 0 && blank.stderr.contains("warning: --source: none of the 1 tiles"), "\(blank.stderr)")
    }
}
