@testable import Clusters
import Foundation
import Testing

/// The readers take a file a window at a time (``InputWindow``): whatever the window's size, and
/// wherever its end cuts the text (a record, a UTF-8 sequence, a CRLF), the points, properties and
/// errors are those of the text read whole.
@Suite("Point files read in windows")
struct WindowedReaderTests {
    typealias Outcome = Result<PointReadResult, PointReadError>

    /// Reads the file at `path` with windows of `size` bytes.
    static func windowed(_ path: String, size: Int, options: PointReadOptions = PointReadOptions()) -> Outcome {
        Result { () throws(PointReadError) in try PointReader.read(InputWindow(path: path, windowSize: size), options: options) }
    }

    /// Reads the file at `path` as one text in memory (one window holding all of it).
    static func whole(_ path: String, options: PointReadOptions = PointReadOptions()) throws -> Outcome {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return Result { () throws(PointReadError) in try PointReader.read(bytes: bytes, source: path, options: options) }
    }

    static let csv = [
        "name,lon,lat,note\r\n",
        "Zürich,8.54,47.37,\"two\r\nlines\"\r\n",
        "São Paulo,-46.63,-23.55,\"a \"\"quoted\"\" word\"\r\n",
        "\r\n",
        "bad,181,0,x\r\n",
        "東京,139.69,35.69,ok\r\n",
        "short,1\r\n",
        "Ελλάδα,23.72,37.98,\"é\"\r\n",
    ].joined()

    static let ndjson = [
        #"{"type":"Feature","id":1,"properties":{"name":"Zürich"},"geometry":{"type":"Point","coordinates":[8.54,47.37]}}"#,
        #"{"type":"Feature","id":2,"properties":{"name":"東京"},"geometry":{"type":"Point","coordinates":[139.69,35.69]}}"#,
        "",
        #"{"type":"Feature","id":3,"properties":{"name":"bad"},"geometry":{"type":"Point","coordinates":[200,0]}}"#,
        #"{"type":"Feature","id":4,"properties":{"name":"not json"#,
        "\u{1E}" + #"{"type":"Feature","properties":{"name":"Ελλάδα"},"geometry":{"type":"Point","coordinates":[23.72,37.98]}}"#,
        #"{"type":"Feature","id":5,"properties":{"name":"Zürich"},"geometry":{"type":"Point","coordinates":[8.55,47.38]}}"#,
    ].joined(separator: "\r\n") + "\n"

    static let geojson = """
        {"type":"FeatureCollection","bbox":[-180,-90,180,90],"features":[
        {"type":"Feature","id":1,"properties":{"name":"Zürich","n":1},"geometry":{"type":"Point","coordinates":[8.54,47.37]}},
        {"type":"Feature","id":2,"properties":{"name":"東京","n":2},"geometry":{"type":"Point","coordinates":[139.69,35.69]}},\r
        {"type":"Feature","id":3,"properties":{"name":"bad","n":3},"geometry":{"type":"Point","coordinates":[200,0]}},
        17,
        {"type":"Feature","id":"x\\u00e9\\ud83d\\ude00","properties":{"name":"Ελλάδα","n":true},"geometry":{"type":"Point","coordinates":[23.72,37.98]}},
        {"geometry":{"coordinates":[8.55,47.38],"type":"Point"},"properties":null,"type":"Feature"},
        {"type":"Feature","id":5,"properties":{"name":"Zürich","n":-1.5e3},"geometry":{"type":"Point","coordinates":[8.56,47.39]}}
        ],"crs":null}

        """

    /// Every window size from the smallest to beyond the file, so that the windows' ends fall on
    /// every kind of byte.
    @Test("CSV, ndjson and GeoJSON read in windows of any size give what the whole text gives", arguments: [
        ("points.csv", csv), ("points.ndjson", ndjson), ("points.geojson", geojson),
    ])
    func everyWindowSize(name: String, text: String) throws {
        let files = try ReaderTestFiles()
        let path = try files.write(name, text)
        let whole = try Self.whole(path)
        #expect(try whole.get().points.count >= 4)
        for size in 16...(text.utf8.count + 8) {
            #expect(Self.windowed(path, size: size) == whole, "window of \(size) bytes")
        }
    }

    @Test("a window ending inside a UTF-8 sequence, between CR and LF, or inside a record")
    func cutsOfNote() throws {
        let files = try ReaderTestFiles()
        let path = try files.write("points.csv", Self.csv)
        let bytes = Array(Self.csv.utf8)
        let insideUTF8 = try #require(bytes.firstIndex(of: 0xC3)) + 1  // between the two bytes of "ü"
        let insideCRLF = try #require(bytes.firstIndex(of: 0x0D)) + 1  // after the header's CR
        let insideRecord = bytes.count / 2
        for size in [insideUTF8, insideCRLF, insideRecord] {
            let windowed = try Self.windowed(path, size: size).get()
            #expect(windowed == (try Self.whole(path).get()), "window of \(size) bytes")
            #expect(windowed.points.rows.first == ReadPointRow(8.54, 47.37, properties: #"{"name":"Zürich","note":"two\r\nlines"}"#))
            #expect(files.problems(windowed) == [
                "points.csv:6: row 3: longitude 181 is out of range (-180...180)",
                "points.csv:8: row 5: expected 4 fields, found 2",
            ])
        }
    }

    @Test("a record bigger than the window grows it: the same feature, whole")
    func recordBiggerThanWindow() throws {
        let files = try ReaderTestFiles()
        let long = String(repeating: "é", count: 3_000)
        let feature = #"{"type":"Feature","properties":{"text":"\#(long)"},"geometry":{"type":"Point","coordinates":[1,2]}}"#
        let collection = #"{"type":"FeatureCollection","features":[\#(feature),\#(feature)]}"#
        let geojson = try files.write("long.geojson", collection)
        let ndjson = try files.write("long.ndjson", feature + "\n" + feature + "\n")
        let csv = try files.write("long.csv", "x,y,text\n1,2,\"\(long)\"\n1,2,\(long)\n")
        for path in [geojson, ndjson, csv] {
            let result = try Self.windowed(path, size: 64).get()
            #expect(result == (try Self.whole(path).get()))
            #expect(result.points.count == 2 && result.invalid.isEmpty)
            #expect(result.points.rows.last?.properties == #"{"text":"\#(long)"}"#)
        }
    }

    @Test("errors past the first window name their line and column in the whole file")
    func errorPlacesPastTheFirstWindow() throws {
        let files = try ReaderTestFiles()
        let feature = #"{"type":"Feature","properties":{"name":"Zürich"},"geometry":{"type":"Point","coordinates":[8.54,47.37]}}"#
        let lines = Array(repeating: feature + ",", count: 40) + [#"{"type":"Feature","properties":{"név":tru}}"#, "]}"]
        let multiline = try files.write("lines.geojson", #"{"type":"FeatureCollection","features":["# + "\n" + lines.joined(separator: "\n"))
        #expect(Self.windowed(multiline, size: 64) == .failure(.malformed("\(multiline):42:39: invalid literal (expected true)")))
        #expect(Self.windowed(multiline, size: 64) == (try Self.whole(multiline)))
        let oneLine = try files.write("line.geojson", #"{"type":"FeatureCollection","features":["# + lines.joined())
        let column = #"{"type":"FeatureCollection","features":["#.count + 40 * (feature.count + 1) + 39
        #expect(Self.windowed(oneLine, size: 64) == .failure(.malformed("\(oneLine):1:\(column): invalid literal (expected true)")))
        #expect(Self.windowed(oneLine, size: 64) == (try Self.whole(oneLine)))
        let rows = (0..<200).map { "p\($0),\($0 % 90),\($0 % 45)\n" }.joined()
        let csv = try files.write("rows.csv", "name,x,y\n" + rows + "late,1000,0\n" + rows)
        #expect(files.problems(try Self.windowed(csv, size: 64).get()) == ["rows.csv:202: row 201: longitude 1000 is out of range (-180...180)"])
        let unterminated = try files.write("quote.csv", "name,x,y\n" + rows + "\"é,1,2\n")
        #expect(Self.windowed(unterminated, size: 64) == .failure(.malformed("\(unterminated):202:1: unterminated quoted field (no closing quote)")))
        let ndjson = try files.write("lines.ndjson", String(repeating: feature + "\n", count: 30) + "{\"type\":\n" + feature + "\n")
        #expect(files.problems(try Self.windowed(ndjson, size: 64).get()) == ["lines.ndjson:31: feature 31: line is not valid JSON: unexpected end of text, expected a value (column 9)"])
    }

    /// A file cut anywhere (as a writer caught in the middle leaves it) reads in windows as it
    /// reads whole: the same points, the same invalid records, the same error at the same place.
    @Test("every prefix of a file reads in windows as it reads whole", arguments: [
        ("points.csv", csv), ("points.ndjson", ndjson), ("points.geojson", geojson),
    ])
    func everyPrefix(name: String, text: String) throws {
        let files = try ReaderTestFiles()
        let bytes = Array(text.utf8)
        for length in 1...bytes.count {
            let path = try files.write(name, bytes: Array(bytes[..<length]))
            let whole = try Self.whole(path)
            for size in [16, 23, 64] {
                #expect(Self.windowed(path, size: size) == whole, "\(length) bytes, window of \(size)")
            }
        }
    }

    @Test("a single Feature, its members in any order, is read whole: the same as from memory")
    func singleFeature() throws {
        let files = try ReaderTestFiles()
        let padding = String(repeating: " ", count: 300)
        let feature = #"{"properties":{"name":"Zürich"},\#(padding)"id":7,\#(padding)"geometry":{"type":"Point","coordinates":[8.54,47.37]},\#(padding)"type":"Feature"}"#
        let path = try files.write("one.geojson", feature)
        let result = try Self.windowed(path, size: 32).get()
        #expect(result == (try Self.whole(path).get()))
        #expect(result.points.rows == [ReadPointRow(8.54, 47.37, id: "7", properties: #"{"name":"Zürich"}"#)])
    }

    @Test("the corpus reads in windows as it reads whole", arguments: ["cities15000.csv", "cities15000.geojson"])
    func corpus(name: String) throws {
        let path = "/work/shared/corpus/points/" + name
        try #require(FileManager.default.fileExists(atPath: path))
        let whole = try Self.whole(path)
        #expect(try whole.get().points.count == 34_006)
        for size in [4_099, 1 << 16] {
            #expect(Self.windowed(path, size: size) == whole, "window of \(size) bytes")
        }
    }

    @Test("a file another writer truncates after the first window is an error naming it; one that grows is read to its end")
    func fileChangingWhileRead() throws {
        let files = try ReaderTestFiles()
        let rows = (0..<2_000).map { "p\($0),\($0 % 360 - 180),\($0 % 170 - 85)\n" }.joined()
        let path = try files.write("points.csv", "name,x,y\n" + rows)
        let size = "name,x,y\n".utf8.count + rows.utf8.count
        let shrinking = try InputWindow(path: path, windowSize: 4_096)
        #expect(truncate(path, 0) == 0)
        #expect(Result { () throws(PointReadError) in try PointReader.read(shrinking, options: PointReadOptions()) }
            == .failure(.unreadable(path: path, reason: "the file shrank to 4096 bytes while it was read (it had \(size))")))

        let grown = try files.write("grown.csv", "name,x,y\n" + rows)
        let growing = try InputWindow(path: grown, windowSize: 4_096)
        let handle = try #require(FileHandle(forWritingAtPath: grown))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("late,1,2\n".utf8))
        try handle.close()
        let result = try PointReader.read(growing, options: PointReadOptions())
        #expect(result.points.count == 2_001 && result.invalid.isEmpty)
        #expect(result.points.rows.last == ReadPointRow(1, 2, properties: #"{"name":"late"}"#))
    }
}
