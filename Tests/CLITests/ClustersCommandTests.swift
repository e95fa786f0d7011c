import Foundation
import Testing
import TestTier
import TestSupport

/// `cairn clusters POINTS`: the 34 006 cities of `Samples/points` clustered like supercluster,
/// queried by zoom and bbox, children, leaves, expansion zoom and statistics, with the exit codes,
/// `error:`/`warning:` lines and output files a script relies on.
@Suite(.process) struct ClustersCommandTests {
    static let geojson = Cairn.repositoryRoot + "/Samples/points/cities15000.geojson"
    static let csv = Cairn.repositoryRoot + "/Samples/points/cities15000.csv"
    static let cityCount = 34006

    /// `clusters cities15000.geojson --zoom 3` and the same of the CSV, run once for the suite.
    static let geojsonZoom3 = Result { try Cairn.run(["clusters", geojson, "--zoom", "3"]) }
    static let csvZoom3 = Result { try Cairn.run(["clusters", csv, "--zoom", "3"]) }

    /// A small CSV: five rows, rows 3 and 4 (file lines 4 and 5) invalid.
    static let badCSV = """
        id,name,population,lon,lat
        1,A,10,2.35,48.85
        2,B,20,2.36,48.86
        3,C,x,abc,48.8
        4,D,5,2.4,95
        5,E,7,2.37,48.87

        """

    // MARK: - Zoom and bbox

    /// The cities' GeoJSON at five zooms and two `--min-points`, byte for byte as the build checked
    /// against supercluster 8 in node printed it (held as FNV-1a 64 digests of stdout): a faster
    /// index must not move a centroid's last digit or a feature's place in the collection.
    @Test(arguments: [
        (2, 0, 0x824b45710bd3d200), (2, 4, 0x0b418a7b6fc58360), (2, 8, 0x94520fda898ab775),
        (2, 12, 0x90fe438972a35959), (2, 17, 0xee93b6d0bafc8494),
        (6, 0, 0x80875cf325f06c63), (6, 4, 0x18e8f3d0224af6cd), (6, 8, 0x325a54db176c8f6d),
        (6, 12, 0x76d0da2e5cb69866), (6, 17, 0xee93b6d0bafc8494),
    ] as [(Int, Int, UInt64)])
    func theCitiesPrintByteForByteAsSuperclusterChecked(minPoints: Int, zoom: Int, digest: UInt64) throws {
        let result = try Cairn.run(["clusters", Self.csv, "--zoom", String(zoom), "--min-points", String(minPoints)])
        #expect(result.status == 0, "\(result.stderr)")
        let fnv = result.stdout.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
        #expect(fnv == digest, "min points \(minPoints), zoom \(zoom): \(result.stdout.count) bytes differ from the checked output")
    }


    @Test func geojsonAndCSVGiveTheSameClustersAtZoom3() throws {
        let fromGeoJSON = try Self.geojsonZoom3.get(), fromCSV = try Self.csvZoom3.get()
        #expect(fromGeoJSON.status == 0, "\(fromGeoJSON.stderr)")
        #expect(fromCSV.status == 0, "\(fromCSV.stderr)")
        #expect(fromGeoJSON.stderr.isEmpty && fromCSV.stderr.isEmpty)
        let a = try jsonObject(fromGeoJSON.stdout), b = try jsonObject(fromCSV.stdout)
        #expect(a["type"] as? String == "FeatureCollection")
        #expect(NSDictionary(dictionary: a).isEqual(to: b), "the GeoJSON and the CSV cluster differently")
        let features = try GeoFeature.collection(fromGeoJSON.stdout)
        #expect(features.count == 691)  // supercluster's zoom 3 over the world: 586 clusters, 105 points
        #expect(features.filter(\.isCluster).count == 586)
        // The world at one zoom holds every city exactly once.
        #expect(features.reduce(0) { $0 + $1.pointCount } == Self.cityCount)
        #expect(Set(features.compactMap(\.id)).count == features.count, "feature ids repeat")
        for feature in features where feature.isCluster {
            #expect(feature.id == feature.clusterID)
            #expect(feature.properties["cluster"] as? Bool == true)
            #expect(feature.pointCount >= 2)
        }
    }

    @Test func aLoneCityIsAPointFeatureWithItsPropertiesAsInTheFile() throws {
        let run = try Self.geojsonZoom3.get()
        let funafuti = try #require(try jsonObject(run.stdout)["features"] as? [[String: Any]]).first { ($0["id"] as? Int) == 2_110_394 }
        let expected = try Self.fileFeature(id: 2_110_394)
        #expect(NSDictionary(dictionary: try #require(funafuti)).isEqual(to: expected),
                "\(String(describing: funafuti)) is not the file's \(expected)")
        #expect((expected["properties"] as? [String: Any])?["name"] as? String == "Funafuti")
    }

    @Test func aBboxKeepsExactlyTheWorldsFeaturesInsideIt() throws {
        let world = try GeoFeature.collection(try Self.geojsonZoom3.get().stdout)
        let (west, south, east, north) = (-10.0, 35.0, 30.0, 60.0)
        let run = try Cairn.run(["clusters", Self.geojson, "--zoom", "3", "--bbox", "\(west),\(south),\(east),\(north)"])
        #expect(run.status == 0, "\(run.stderr)")
        let inside = try GeoFeature.collection(run.stdout)
        #expect(inside.count > 20)
        let worldByID = Dictionary(world.map { ($0.id!, $0) }) { first, _ in first }
        for feature in inside {
            #expect((west...east).contains(feature.lon) && (south...north).contains(feature.lat), "\(feature) is outside the bbox")
            #expect(worldByID[feature.id!]?.pointCount == feature.pointCount, "\(feature) differs from the world's")
        }
        let expected = world.filter { (west...east).contains($0.lon) && (south...north).contains($0.lat) }
        #expect(Set(inside.map { $0.id! }) == Set(expected.map { $0.id! }))
    }

    // MARK: - Children, leaves, expansion zoom

    @Test func childrenCountsSumToTheClustersPointCount() throws {
        let cluster = try #require(try GeoFeature.collection(try Self.geojsonZoom3.get().stdout).filter(\.isCluster).max { $0.pointCount < $1.pointCount })
        let run = try Cairn.run(["clusters", Self.geojson, "--children", "\(cluster.clusterID!)"])
        #expect(run.status == 0, "\(run.stderr)")
        let children = try GeoFeature.collection(run.stdout)
        #expect(children.count >= 2)
        #expect(children.reduce(0) { $0 + $1.pointCount } == cluster.pointCount, "children of \(cluster)")
    }

    @Test func leavesArePagedWithLimitAndOffset() throws {
        let cluster = try #require(try GeoFeature.collection(try Self.csvZoom3.get().stdout).first { $0.isCluster && (15...60).contains($0.pointCount) })
        let id = "\(cluster.clusterID!)"
        let all = try Cairn.run(["clusters", Self.csv, "--leaves", id, "--limit", "1000"])
        #expect(all.status == 0, "\(all.stderr)")
        let leaves = try GeoFeature.collection(all.stdout)
        #expect(leaves.count == cluster.pointCount)
        #expect(leaves.allSatisfy { !$0.isCluster && $0.properties["name"] is String })
        #expect(Set(leaves.map { $0.id! }).count == leaves.count)

        let page = try Cairn.run(["clusters", Self.csv, "--leaves", id, "--limit", "4", "--offset", "5"])
        #expect(page.status == 0, "\(page.stderr)")
        #expect(try GeoFeature.collection(page.stdout).map(\.id) == leaves[5..<9].map(\.id))

        let defaultPage = try Cairn.run(["clusters", Self.csv, "--leaves", id])
        #expect(try GeoFeature.collection(defaultPage.stdout).map(\.id) == leaves[0..<10].map(\.id))  // --limit 10
    }

    @Test func expansionZoomIsTheZoomWhereTheClusterSplits() throws {
        let world = try GeoFeature.collection(try Self.geojsonZoom3.get().stdout)
        let cluster = try #require(world.filter(\.isCluster).max { $0.pointCount < $1.pointCount })
        let id = cluster.clusterID!
        let children = try GeoFeature.collection(try Cairn.run(["clusters", Self.geojson, "--children", "\(id)"]).stdout)
        // A zoom-3 cluster with two or more children at zoom 4 splits there.
        try #require(children.count >= 2)
        let run = try Cairn.run(["clusters", Self.geojson, "--expansion-zoom", "\(id)"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(String(decoding: run.stdout, as: UTF8.self) == "{\"cluster_id\":\(id),\"expansion_zoom\":4}\n")
    }

    // MARK: - Statistics

    @Test func statsHasARowPerZoomAndASummary() throws {
        let run = try Cairn.run(["clusters", Self.csv, "--stats"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(lines.count == 21, "\(lines)")  // header, zooms 0…17, summary, final newline
        #expect(lines[0] == "zoom\tclusters\tpoints\titems")
        var clusterRows: [Int] = []
        for zoom in 0...17 {
            let cells = lines[1 + zoom].split(separator: "\t").compactMap { Int($0) }
            try #require(cells.count == 4, "row \(lines[1 + zoom])")
            #expect(cells[0] == zoom)
            #expect(cells[3] == cells[1] + cells[2], "row \(lines[1 + zoom])")
            clusterRows.append(cells[1])
        }
        #expect(lines[1 + 17] == "17\t0\t34006\t34006")
        #expect(lines[1 + 3] == "3\t586\t105\t691")
        let summary = lines[19]
        let match = try #require(summary.wholeMatch(of: /(\d+) points read in [0-9.]+ s(?: \(\d+ by their features' layout\))?, indexed in [0-9.]+ s; (\d+) clusters over zooms 0-16; index [0-9.]+ MB/),
                                 "summary: \(summary)")
        #expect(Int(match.1) == Self.cityCount)
        // Clusters that do not merge at the zoom below are the same clusters there: counted once.
        let distinct = try #require(Int(match.2))
        #expect(distinct >= clusterRows.max()! && distinct <= clusterRows.reduce(0, +), "\(distinct) clusters, rows \(clusterRows)")
        #expect(lines[20].isEmpty)
    }

    // MARK: - Input

    @Test func standardInputIsReadWithADash() throws {
        let bytes = try #require(FileManager.default.contents(atPath: Self.geojson))
        let run = try Cairn.run(["clusters", "-", "--zoom", "3"], stdin: Array(bytes))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == (try Self.geojsonZoom3.get().stdout))

        let csv = try Cairn.run(["clusters", "-", "--zoom", "3", "--points-format", "csv"], stdin: Array(Self.badCSV.utf8))
        #expect(csv.status == 65)
        #expect(csv.errorLines == [
            "error: <stdin>:4: row 3: longitude \"abc\" is not a number",
            "error: <stdin>:5: row 4: latitude 95 is out of range (-90...90)",
            "error: <stdin>: 2 invalid records; fix them or pass --skip-invalid",
        ], "\(csv.stderr)")
    }

    @Test func aCSVWithBadRowsFailsWithOneLinePerRow() throws {
        let directory = try Cairn.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/places.csv"
        try Self.badCSV.write(toFile: path, atomically: true, encoding: .utf8)
        let run = try Cairn.run(["clusters", path, "--zoom", "3"])
        #expect(run.status == 65)
        #expect(run.stdout.isEmpty)
        #expect(run.errorLines == [
            "error: \(path):4: row 3: longitude \"abc\" is not a number",
            "error: \(path):5: row 4: latitude 95 is out of range (-90...90)",
            "error: \(path): 2 invalid records; fix them or pass --skip-invalid",
        ], "\(run.stderr)")
    }

    @Test func skipInvalidWarnsAndClustersTheRest() throws {
        let directory = try Cairn.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/places.csv"
        try Self.badCSV.write(toFile: path, atomically: true, encoding: .utf8)
        let run = try Cairn.run(["clusters", path, "--zoom", "3", "--skip-invalid"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.errorLines.isEmpty)
        #expect(run.stderr.split(separator: "\n").map(String.init) == [
            "warning: \(path):4: row 3: longitude \"abc\" is not a number",
            "warning: \(path):5: row 4: latitude 95 is out of range (-90...90)",
        ])
        // Rows 1, 2 and 5 are within a few hundred metres: one cluster of three at zoom 3.
        let features = try GeoFeature.collection(run.stdout)
        #expect(features.count == 1)
        #expect(features.first?.isCluster == true && features.first?.pointCount == 3)
        let leaves = try Cairn.run(["clusters", path, "--leaves", "\(features.first?.clusterID ?? -1)", "--skip-invalid"])
        #expect(Set(try GeoFeature.collection(leaves.stdout).compactMap(\.id)) == [1, 2, 5])
    }

    @Test func aMissingFileIsAnIOError() throws {
        let path = NSTemporaryDirectory() + "cairn-no-such-\(UUID().uuidString).geojson"
        let run = try Cairn.run(["clusters", path, "--zoom", "3"])
        #expect(run.status == 74)
        #expect(run.stdout.isEmpty)
        #expect(run.errorLines == ["error: \(path): No such file or directory"], "\(run.stderr)")
    }

    /// A file caught while it is written (created, not yet filled; a CSV cut before its header;
    /// a GeoJSON stopped inside its collection) is bad input, never an empty or partial dataset.
    @Test(arguments: [
        ("empty.geojson", "", "the file is empty (0 bytes); expected a GeoJSON FeatureCollection"),
        ("empty.ndjson", "", "the file is empty (0 bytes); expected one GeoJSON Feature per line"),
        ("empty.csv", "", "the file is empty (0 bytes); expected a header row naming the longitude and latitude columns"),
        ("rows.csv", "2.35,48.85\n13.4,52.52\n", #"1: no header row: the first row ("2.35", "48.85") holds data"#),
        ("cut.geojson", #"{"type":"FeatureCollection","features":[{"type":"Feature","#, ": unexpected end of text"),
        ("array.geojson", "[]", "1:1: expected a GeoJSON FeatureCollection or Feature object, found an array"),
    ])
    func aHalfWrittenFileIsBadInput(name: String, text: String, problem: String) throws {
        let directory = try Cairn.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let run = try Cairn.run(["clusters", path, "--zoom", "3"])
        #expect(run.status == 65, "\(name): \(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.errorLines.count == 1 && run.errorLines.first?.hasPrefix("error: \(path):") == true
                && run.errorLines.first?.contains(problem) == true, "\(name): \(run.stderr)")
    }

    @Test func aWellFormedEmptyCollectionIsAnEmptyDataset() throws {
        let run = try Cairn.run(["clusters", "-", "--zoom", "3", "--points-format", "geojson"],
                                stdin: Array(#"{"type":"FeatureCollection","features":[]}"#.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try GeoFeature.collection(run.stdout).isEmpty)
    }

    // MARK: - Usage

    @Test(arguments: [
        (["--zoom", "3", "--bbox", "10,0,20"], "--bbox"),
        (["--zoom", "3", "--bbox", "a,b,c,d"], "--bbox"),
        (["--bbox", "-10,35,30,60"], "--bbox needs --zoom"),
        ([], "give exactly one of"),
        (["--zoom", "3", "--stats"], "give exactly one of"),
        (["--children", "1", "--leaves", "1"], "give exactly one of"),
        (["--leaves", "1", "--limit", "0"], "--limit"),
        (["--out", "/nonexistent/clusters.pmtiles", "--zoom", "9-1"], "--zoom: '9-1' must satisfy 0 ≤ A ≤ B ≤ 30"),
    ])
    func badUsageExits64(arguments: [String], mentioning: String) throws {
        let run = try Cairn.run(["clusters", Self.geojson] + arguments)
        #expect(run.status == 64, "\(arguments): \(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.errorLines.count == 1 && run.errorLines.first?.contains(mentioning) == true, "\(arguments): \(run.stderr)")
    }

    @Test func anUnknownClusterIDIsAUsageError() throws {
        let directory = try Cairn.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/places.csv"
        try Self.badCSV.write(toFile: path, atomically: true, encoding: .utf8)
        for mode in ["--children", "--leaves", "--expansion-zoom"] {
            let run = try Cairn.run(["clusters", path, mode, "987654", "--skip-invalid"])
            #expect(run.status == 64, "\(mode): \(run.stderr)")
            #expect(run.stdout.isEmpty)
            #expect(run.errorLines == ["error: \(path): no cluster with id 987654"], "\(mode): \(run.stderr)")
        }
    }

    // MARK: - Output file

    @Test func outputFileIsReplacedWhole() throws {
        let directory = try Cairn.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = directory + "/clusters.json"
        try "old".write(toFile: output, atomically: false, encoding: .utf8)
        let reader = try #require(FileHandle(forReadingAtPath: output))  // a reader of the old file
        defer { try? reader.close() }

        let run = try Cairn.run(["clusters", Self.geojson, "--zoom", "3", "-o", output])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(FileManager.default.contents(atPath: output).map(Array.init) == (try Self.geojsonZoom3.get().stdout))
        // Renamed into place, not rewritten: the old file's reader still sees all of the old file.
        #expect(String(decoding: try reader.readToEnd() ?? Data(), as: UTF8.self) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["clusters.json"])
    }

    @Test func aFailedRunWritesNoOutputFile() throws {
        let directory = try Cairn.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let input = directory + "/places.csv", output = directory + "/clusters.json", kept = directory + "/kept.json"
        try Self.badCSV.write(toFile: input, atomically: true, encoding: .utf8)
        let run = try Cairn.run(["clusters", input, "--zoom", "3", "-o", output])
        #expect(run.status == 65)
        #expect(!FileManager.default.fileExists(atPath: output))

        try "previous".write(toFile: kept, atomically: true, encoding: .utf8)
        let unknown = try Cairn.run(["clusters", input, "--children", "987654", "--skip-invalid", "-o", kept])
        #expect(unknown.status == 64)
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "previous")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["kept.json", "places.csv"])
    }

    // MARK: - Aggregates

    @Test func aSumAggregateIsTheSumOverTheClustersLeaves() throws {
        let run = try Cairn.run(["clusters", Self.csv, "--zoom", "0", "--aggregate", "total=sum:population"])
        #expect(run.status == 0, "\(run.stderr)")
        let world = try GeoFeature.collection(run.stdout)
        // Over the world every city is in one feature: the totals add up to the file's population.
        let filePopulation = try String(contentsOfFile: Self.csv, encoding: .utf8).split(whereSeparator: \.isNewline).dropFirst()
            .reduce(0) { sum, line in
                let fields = line.split(separator: ",")  // a quoted name may hold commas: count from the end
                return sum + (Int(fields[fields.count - 3]) ?? 0)
            }
        let sum = world.reduce(0) { sum, feature in
            sum + ((feature.isCluster ? feature.properties["total"] : feature.properties["population"]) as? Int ?? 0)
        }
        #expect(filePopulation > 1_000_000_000)
        #expect(sum == filePopulation)

        let cluster = try #require(world.filter(\.isCluster).min { $0.pointCount < $1.pointCount })
        let total = try #require(cluster.properties["total"] as? Int)
        let leaves = try GeoFeature.collection(try Cairn.run(["clusters", Self.csv, "--leaves", "\(cluster.clusterID!)", "--limit", "100000"]).stdout)
        #expect(leaves.count == cluster.pointCount)
        #expect(leaves.reduce(0) { $0 + ($1.properties["population"] as? Int ?? 0) } == total)
    }

    // MARK: - Helpers

    /// The feature of the GeoJSON file whose id is `id`, as JSON.
    static func fileFeature(id: Int) throws -> [String: Any] {
        let text = try String(contentsOfFile: geojson, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("{\"type\":\"Feature\",\"id\":\(id),") })
        return try jsonObject(Array(line.hasSuffix(",") ? line.dropLast().utf8 : line.utf8))
    }
}

func jsonObject(_ bytes: [UInt8]) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any], "not a JSON object: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
}

extension ClustersCommandTests {
    /// `cairn clusters` keeps supercluster's radius, 40 (a served dataset derives a wider one from
    /// its badges): no option and `--radius 40` print the same, `--radius 80` fewer clusters.
    @Test func theDefaultRadiusIsSuperclusters40() throws {
        let byDefault = try Self.csvZoom3.get()
        let forty = try Cairn.run(["clusters", Self.csv, "--zoom", "3", "--radius", "40"])
        let eighty = try Cairn.run(["clusters", Self.csv, "--zoom", "3", "--radius", "80"])
        #expect(byDefault.status == 0 && forty.status == 0 && eighty.status == 0)
        #expect(forty.stdout == byDefault.stdout)
        #expect(try GeoFeature.collection(eighty.stdout).count < GeoFeature.collection(byDefault.stdout).count)
    }
}
