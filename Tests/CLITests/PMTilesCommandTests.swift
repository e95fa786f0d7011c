import Codecs
import Foundation
import Testing
import TestTier
import Tiles

/// `.pmtiles` through the real binary: `render --out`, `render --source`, `filter`, `clusters --out`,
/// each archive opened by the reference implementation's Python reader and compared with the
/// `z/x/y` directory the same job writes, byte for byte.
@Suite(.process) struct PMTilesCommandTests {
    static let region = ["--bbox", "-180,-85,180,85", "--zoom", "0-3"]

    @Test func renderWritesWhatTheReferenceReaderReadsAsTheDirectoryRender() throws {
        let work = try Cairn.temporaryDirectory()
        let job = ["render", "--source", worldTiles] + Self.region + ["--chain", "grayscale", "--quiet"]
        #expect(try Cairn.run(job + ["--out", work + "/dir"]).status == 0)
        let render = try Cairn.run(job.dropLast() + ["--out", work + "/world.pmtiles", "--name", "World"])
        #expect(render.status == 0, "\(render.stderr)")
        // The corpus lacks 8 of the 85 tiles of zooms 0-3: "no tile", in neither output.
        #expect(render.stderr.contains("rendered 77 tiles to \(work)/world.pmtiles"), "\(render.stderr)")
        let reading = try ReferenceReading(archive: work + "/world.pmtiles", directory: work + "/dir")
        #expect(reading.matches, "differ \(reading.differ.prefix(5)) missing \(reading.missing.prefix(5)) extra \(reading.extra.prefix(5))")
        #expect(reading.tiles == 77)
        #expect(reading.header["tile_type"] as? Int == 2 && reading.header["tile_compression"] as? Int == 1)
        #expect(reading.header["min_zoom"] as? Int == 0 && reading.header["max_zoom"] as? Int == 3)
        #expect(reading.header["min_lon_e7"] as? Int == -1_800_000_000 && reading.header["max_lat_e7"] as? Int == 850_000_000)
        #expect(reading.header["clustered"] as? Bool == true)
        #expect(reading.metadata["name"] as? String == "World" && reading.metadata["format"] as? String == "png")
        #expect(reading.metadata["bounds"] as? [Double] == [-180, -85, 180, 85])
        #expect(reading.metadata["minzoom"] as? Int == 0 && reading.metadata["maxzoom"] as? Int == 3)
        let leftovers = files(under: work).filter { !$0.hasPrefix("dir/") }
        #expect(leftovers == ["world.pmtiles"], "no spool or temporary left: \(leftovers)")

        // Read back as a source: the identity chain passes every tile through untouched.
        let back = try Cairn.run(["render", "--source", work + "/world.pmtiles"] + Self.region + ["--out", work + "/back", "--quiet"])
        #expect(back.status == 0, "\(back.stderr)")
        #expect(files(under: work + "/back") == files(under: work + "/dir"))
        for file in files(under: work + "/dir") { #expect(contents(work + "/back/" + file) == contents(work + "/dir/" + file), "\(file)") }
        // One tile through filter, taken from the archive.
        let filtered = try Cairn.run(["filter", work + "/world.pmtiles", "--tile", "2/1/1", "--chain", "identity"])
        #expect(filtered.status == 0 && filtered.stdout == contents(work + "/dir/2/1/1.png"), "\(filtered.stderr)")
        let absent = try Cairn.run(["filter", work + "/world.pmtiles", "--tile", "5/1/1", "--chain", "identity"])
        #expect(absent.status == 65 && absent.errorLines == ["error: \(work)/world.pmtiles: has no tile 5/1/1"])
    }

    @Test func resumeKeepsTheTilesOfTheFirstRun() throws {
        let work = try Cairn.temporaryDirectory()
        let out = work + "/world.pmtiles"
        let first = try Cairn.run(["render", "--source", worldTiles, "--bbox", "-180,-85,180,85", "--zoom", "0-2", "--out", out])
        #expect(first.status == 0, "\(first.stderr)")
        let second = try Cairn.run(["render", "--source", worldTiles] + Self.region + ["--out", out, "--resume"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("rendered 56 tiles") && second.stderr.contains("21 skipped"), "\(second.stderr)")
        let reading = try ReferenceReading(archive: out)
        #expect(reading.tiles == 77 && reading.header["addressed_tiles_count"] as? Int == 77)
        let whole = try Cairn.temporaryDirectory()
        #expect(try Cairn.run(["render", "--source", worldTiles] + Self.region + ["--out", whole, "--quiet"]).status == 0)
        #expect(try ReferenceReading(archive: out, directory: whole).matches)
    }

    @Test func overlayTilesOfTheClustersRendererGoIntoAnArchive() throws {
        let work = try Cairn.temporaryDirectory()
        let job = ["render", "--source", "none", "--bbox", ClustersRendererTests.box, "--zoom", "3-4",
                   "--chain", ClustersRendererTests.chain, "--quiet"]
        #expect(try Cairn.run(job + ["--out", work + "/dir"]).status == 0)
        let run = try Cairn.run(job + ["--out", work + "/overlay.pmtiles"])
        #expect(run.status == 0, "\(run.stderr)")
        let reading = try ReferenceReading(archive: work + "/overlay.pmtiles", directory: work + "/dir")
        #expect(reading.matches && reading.tiles > 4)
    }

    @Test func clusterTilesAreTheServersVectorTilesGzipped() throws {
        let work = try Cairn.temporaryDirectory()
        let options = ["--zoom", "0-5", "--aggregate", "total=sum:population", "--quiet"]
        let run = try Cairn.run(["clusters", ClustersCommandTests.geojson, "--out", work + "/clusters.pmtiles"] + options)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Cairn.run(["clusters", ClustersCommandTests.geojson, "--out", work + "/dir"] + options).status == 0)
        let reading = try ReferenceReading(archive: work + "/clusters.pmtiles", directory: work + "/dir")
        #expect(reading.matches && reading.tiles > 100, "\(reading.tiles)")
        #expect(reading.header["tile_type"] as? Int == 1 && reading.header["tile_compression"] as? Int == 2)
        #expect(reading.metadata["format"] as? String == "pbf")
        let layers = try #require(reading.metadata["vector_layers"] as? [[String: Any]])
        #expect(layers.first?["id"] as? String == "clusters")
        #expect((layers.first?["fields"] as? [String: String])?["total"] == "Number")
        // Every tile has something on it: zoom 0's one tile, and never all 1024 of zoom 5.
        let summary = try Cairn.run(["clusters", ClustersCommandTests.geojson, "--out", work + "/again.pmtiles", "--zoom", "0-5",
                                     "--aggregate", "total=sum:population"])
        #expect(summary.stderr.contains("wrote \(reading.tiles) cluster tiles (zoom 0-5)"), "\(summary.stderr)")
        #expect(contents(work + "/again.pmtiles") == contents(work + "/clusters.pmtiles"), "the same options write the same archive")
        let tile = try Gzip.decompress(contents(work + "/dir/0/0/0.pbf"))
        #expect(tile.count > 1000)
        let bad = try Cairn.run(["clusters", ClustersCommandTests.geojson, "--out", work + "/x.pmtiles", "--zoom", "5-3"])
        #expect(bad.status == 64)
    }
}
