import Codecs
import Foundation
import Testing
import TestTier

/// `cairn grid` through the real binary: tiles into an archive (read by the reference reader, the
/// same as the directory the same job writes), their cells decoded by mapbox-vector-tile, and the
/// errors of its options.
@Suite(.process) struct GridCommandTests {
    static let cities = ClustersCommandTests.geojson

    @Test func gridTilesGoIntoAnArchiveWithTheirLayerDescribed() throws {
        let work = try Cairn.temporaryDirectory()
        let options = ["--zoom", "0-3", "--shape", "hex", "--aggregate", "people=sum:population", "--categories", "country=IN,CN,US", "--quiet"]
        let run = try Cairn.run(["grid", Self.cities, "--out", work + "/grid.pmtiles"] + options)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Cairn.run(["grid", Self.cities, "--out", work + "/dir"] + options).status == 0)
        let reading = try ReferenceReading(archive: work + "/grid.pmtiles", directory: work + "/dir")
        #expect(reading.matches && reading.tiles > 40, "\(reading.tiles)")
        #expect(reading.metadata["format"] as? String == "pbf")
        let layers = try #require(reading.metadata["vector_layers"] as? [[String: Any]])
        #expect(layers.first?["id"] as? String == "grid")
        let fields = try #require(layers.first?["fields"] as? [String: String])
        #expect(fields == ["count": "Number", "people": "Number", "count_IN": "Number", "count_CN": "Number", "count_US": "Number",
                           "count_other": "Number", "category": "String"])

        // Zoom 0's one tile holds every cell: their counts add up to the 34 006 cities, their
        // category counts to each cell's count.
        let tile = work + "/tile.mvt"
        try Data(Gzip.decompress(Array(try Data(contentsOf: URL(fileURLWithPath: work + "/dir/0/0/0.pbf"))))).write(to: URL(fileURLWithPath: tile))
        let python = URL(fileURLWithPath: Cairn.repositoryRoot + "/.venv/bin/python")
        let check = try Cairn.run(["-c", """
            import json, sys, mapbox_vector_tile
            layer = mapbox_vector_tile.decode(open(sys.argv[1], 'rb').read())['grid']
            features = layer['features']
            print(json.dumps({
              'types': sorted({f['geometry']['type'] for f in features}),
              'count': sum(f['properties']['count'] for f in features),
              'categories_add_up': all(sum(v for k, v in f['properties'].items() if k.startswith('count_')) == f['properties']['count'] for f in features),
              'ids': len({f['id'] for f in features}) == len(features),
            }))
            """, tile], program: python)
        #expect(check.status == 0, "\(check.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout)) as? [String: Any])
        #expect(summary["types"] as? [String] == ["Polygon"])
        #expect(summary["count"] as? Int == 34006)
        #expect(summary["categories_add_up"] as? Bool == true && summary["ids"] as? Bool == true)
    }

    @Test func badOptionsAreOneErrorLineAndTheirExitCode() throws {
        let work = try Cairn.temporaryDirectory()
        let cases: [([String], Int32, String)] = [
            (["--zoom", "0-2", "--cell", "30"], 64, "error: --cell '30' is not one of 8, 16, 32, 64, 128, 256"),
            (["--zoom", "0-2", "--shape", "triangle"], 64, "error: --shape 'triangle' is not one of square, hex"),
            (["--zoom", "0-19", "--cell", "8"], 64, "error: --zoom 19 is beyond the deepest zoom of 8-pixel cells, 18"),
            (["--zoom", "0-2", "--filter", "nosuch > 1"], 64, "nosuch"),
        ]
        for (options, status, message) in cases {
            let run = try Cairn.run(["grid", Self.cities, "--out", work + "/x.pmtiles"] + options)
            #expect(run.status == status, "\(options)")
            let lines = run.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines.first?.hasPrefix("error: ") == true && run.stderr.contains(message), "\(run.stderr)")
        }
        let missing = try Cairn.run(["grid", work + "/nothing.csv", "--zoom", "0-2", "--out", work + "/x.pmtiles"])
        #expect(missing.status == 74 && missing.stderr.hasPrefix("error: ") && missing.stderr.contains("nothing.csv"))
        #expect(!FileManager.default.fileExists(atPath: work + "/x.pmtiles"), "no half-written archive")
    }
}
