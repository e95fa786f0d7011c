import Foundation
import Testing
import TestTier
import TestSupport

/// GeoJSON and ndjson features are read by the layout learned from the features before them;
/// `CAIRN_POINTS_LAYOUT=0` reads every feature in full. Both must print the same bytes and report
/// the same invalid features, on the real cities and on a file whose layouts change and break.
@Suite(.process) struct PointsLayoutCommandTests {
    static let off = ["CAIRN_POINTS_LAYOUT": "0"]

    /// A collection of 3 000 features in three layouts, every 97th one not a usable point (out of
    /// range, a string coordinate, a `true` id), as GeoJSON or one feature a line.
    static func mixedFeatures() -> [String] {
        (0..<3000).map { n in
            let longitude = n % 97 == 0 ? "200.5" : n % 101 == 0 ? #""7""# : String(Double(n % 360) - 179.5)
            let latitude = String(Double(n % 170) - 84.75)
            let id = n % 103 == 0 ? "true" : String(n)
            switch n / 1000 {
            case 0:
                return #"{"type":"Feature","id":\#(id),"properties":{"n":\#(n),"name":"p\#(n)"},"geometry":{"type":"Point","coordinates":[\#(longitude),\#(latitude)]}}"#
            case 1:
                return #"{"type": "Feature", "properties": {"n": "\#(n)"}, "geometry": {"coordinates": [\#(longitude), \#(latitude), 5], "type": "Point"}}"#
            default:
                return n % 2 == 0
                    ? #"{"type":"Feature","id":"s\#(n)","properties":null,"geometry":{"type":"Point","coordinates":[\#(longitude),\#(latitude)]}}"#
                    : #"{"geometry":{"type":"Point","coordinates":[\#(longitude),\#(latitude)]},"type":"Feature","id":\#(id),"properties":{"k":[\#(n)]}}"#
            }
        }
    }

    @Test("the cities read by their layout and in full print the same clusters and points", arguments: ["3", "12"])
    func cities(zoom: String) throws {
        let arguments = ["clusters", ClustersCommandTests.geojson, "--zoom", zoom]
        let learned = try Cairn.run(arguments)
        let full = try Cairn.run(arguments, environment: Self.off)
        #expect(learned.status == 0 && full.status == 0, "\(learned.stderr)\(full.stderr)")
        #expect(learned.stdout.count > 10_000)
        #expect(learned.stdout == full.stdout)
    }

    @Test("--stats says how many features were read by their layout, none with CAIRN_POINTS_LAYOUT=0")
    func statsCountTheFeaturesReadByTheirLayout() throws {
        let learned = try Cairn.run(["clusters", ClustersCommandTests.geojson, "--stats"])
        let full = try Cairn.run(["clusters", ClustersCommandTests.geojson, "--stats"], environment: Self.off)
        #expect(learned.status == 0 && full.status == 0, "\(learned.stderr)\(full.stderr)")
        let summary = { (run: CairnRun) in String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? "" }
        // The first feature teaches the layout; every other city has it.
        #expect(summary(learned).contains("34006 points read in "), "\(summary(learned))")
        #expect(summary(learned).contains(" s (34005 by their features' layout), indexed in "), "\(summary(learned))")
        #expect(!summary(full).contains("layout"), "\(summary(full))")
        // Everything but the timings is the same.
        let table = { (run: CairnRun) in String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").dropLast() }
        #expect(table(learned) == table(full))
    }

    @Test("features whose layout changes and breaks are read and reported the same either way", arguments: ["geojson", "ndjson"])
    func mixed(format: String) throws {
        let features = Self.mixedFeatures()
        let text = format == "geojson"
            ? #"{"type":"FeatureCollection","features":["# + "\n" + features.joined(separator: ",\n") + "\n]}\n"
            : features.joined(separator: "\n") + "\n"
        let path = NSTemporaryDirectory() + "cairn-layout-\(UUID().uuidString).\(format)"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        for arguments in [["clusters", path, "--zoom", "14", "--skip-invalid"], ["clusters", path, "--zoom", "2"]] {
            let learned = try Cairn.run(arguments)
            let full = try Cairn.run(arguments, environment: Self.off)
            #expect(learned.status == full.status)
            #expect(learned.stdout == full.stdout)
            #expect(learned.stderr == full.stderr)
            #expect(learned.stderr.contains("feature 98: longitude 200.5 is out of range"), "\(learned.stderr.prefix(300))")
            #expect(learned.stderr.contains("feature 207: id is not a string or a number (got a boolean)"), "\(learned.stderr.prefix(300))")
        }
    }
}
