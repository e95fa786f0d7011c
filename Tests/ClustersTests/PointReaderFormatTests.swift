@testable import Clusters
import Foundation
import Testing

@Suite("Point reader formats and files")
struct PointReaderFormatTests {
    private static let feature = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]}}"#

    @Test("the extension names the format, in any case", arguments: [
        ("a.geojson", PointFormat.geojson), ("a.JSON", .geojson), ("dir.v2/a.ndjson", .ndjson), ("a.geojsonl", .ndjson),
        ("a.geojsons", .ndjson), ("a.geojsonseq", .ndjson), ("a.jsonl", .ndjson), ("a.CSV", .csv), ("a.tsv", .tsv),
    ])
    func extensions(path: String, format: PointFormat) {
        #expect(PointFormat(path: path) == format)
    }

    @Test("no format for other names", arguments: ["a.txt", "csv", "dir.csv/points", ".csv", "-"])
    func noExtension(path: String) {
        #expect(PointFormat(path: path) == nil)
    }

    @Test("without a known extension the first bytes decide", arguments: [
        (#"{"type":"FeatureCollection","features":[\#(feature)]}"#, PointFormat.geojson),
        ("{\n  \"type\": \"FeatureCollection\",\n  \"features\": [\(feature)]\n}\n", .geojson),
        ("  \(feature)\n", .geojson),
        ("\(feature)\n\(feature)\n", .ndjson),
        ("\u{1E}\(feature)\n", .ndjson),
        ("lon,lat\n1,2\n", .csv),
        ("\u{FEFF}lon\tlat\n1\t2\n", .csv),
    ])
    func sniffing(text: String, format: PointFormat) throws {
        let files = try ReaderTestFiles()
        let result = try files.read("points.txt", text)
        #expect(result.format == format)
        #expect(result.points.rows.first.map { [$0.longitude, $0.latitude] } == [1, 2])
    }

    @Test("the format option wins over the extension")
    func option() throws {
        let files = try ReaderTestFiles()
        let result = try files.read("points.json", "\(Self.feature)\n\(Self.feature)\n", options: PointReadOptions(format: .ndjson))
        #expect(result.format == .ndjson)
        #expect(result.points.count == 2)
    }

    @Test("bytes in memory read like a file, named by their source")
    func bytes() throws {
        let result = try PointReader.read(bytes: Array("name,x,y\nA,3,4\n".utf8), source: "<stdin>")
        #expect(result.points.rows == [ReadPointRow(3, 4, properties: #"{"name":"A"}"#)])
        let bad = try PointReader.read(bytes: Array("x,y\n3,400\n".utf8), source: "<stdin>")
        #expect(bad.invalid.map(\.description) == ["<stdin>:2: row 1: latitude 400 is out of range (-90...90)"])
    }

    @Test("a file another writer truncates while its points are read gives the points it had, never a crash (SIGBUS)")
    func truncatedWhileRead() throws {
        let files = try ReaderTestFiles()
        let rows = (0..<20_000).map { "p\($0),\($0 % 360 - 180),\($0 % 170 - 85)\n" }.joined()
        let path = try files.write("points.csv", "name,x,y\n" + rows)
        let window = try InputWindow(path: path)  // the whole file is in the first window
        #expect(truncate(path, 0) == 0)  // the writer empties it while the reader is in the middle
        let result = try PointReader.read(window, options: PointReadOptions())
        #expect(result.points.count == 20_000 && result.invalid.isEmpty)
        #expect(result.points.rows.last == ReadPointRow(Double(19_999 % 360 - 180), Double(19_999 % 170 - 85), properties: #"{"name":"p19999"}"#))
        let empty = try files.write("empty.csv", "")
        #expect(throws: PointReadError.malformed("\(empty): the file is empty (0 bytes); expected a header row naming the longitude and latitude columns")) {
            try PointReader.read(path: empty)
        }
    }

    @Test("a file that cannot be read is an I/O error (exit 74); bad data is exit 65")
    func unreadable() throws {
        let files = try ReaderTestFiles()
        let missing = files.directory + "/missing.csv"
        #expect(throws: PointReadError.unreadable(path: missing, reason: "No such file or directory")) {
            try PointReader.read(path: missing)
        }
        #expect(throws: PointReadError.unreadable(path: files.directory, reason: "Is a directory")) {
            try PointReader.read(path: files.directory, options: PointReadOptions(format: .csv))
        }
        #expect(PointReadError.unreadable(path: "a", reason: "b").exitCode == 74)
        #expect(PointReadError.unreadable(path: "a.csv", reason: "Permission denied").description == "a.csv: Permission denied")
        #expect(PointReadError.malformed("a.csv:1: no longitude column").exitCode == 65)
    }
}
