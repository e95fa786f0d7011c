import Clusters
import Testing

@Suite("Newline-delimited GeoJSON point reader")
struct NDJSONReaderTests {
    @Test("reads one feature per line, skipping blank lines, with LF or CRLF line ends")
    func lines() throws {
        let files = try ReaderTestFiles()
        let result = try files.read("points.ndjson", """
            {"type":"Feature","id":1,"properties":{"name":"Wien","tags":["a","b"]},"geometry":{"type":"Point","coordinates":[16.37208,48.20849]}}\r

              \t
            {"geometry":{"coordinates":[8.55,47.36667],"type":"Point"},"type":"Feature","properties":{"name":"Zürich"}}\r
            {"type":"Feature","id":"x","properties":null,"geometry":{"type":"Point","coordinates":[0,0,12]}}
            """)
        #expect(result.format == .ndjson)
        #expect(result.invalid.isEmpty)
        #expect(result.points.rows == [
            ReadPointRow(16.37208, 48.20849, id: "1", properties: #"{"name":"Wien","tags":["a","b"]}"#),
            ReadPointRow(8.55, 47.36667, properties: #"{"name":"Zürich"}"#),
            ReadPointRow(0, 0, id: #""x""#),
        ])
    }

    @Test("reads RFC 7464 record separators, also several records on one line")
    func recordSeparators() throws {
        let files = try ReaderTestFiles()
        let feature = { (x: Int) in #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(x),1]}}"# }
        let result = try files.read("points.geojsons", "\u{1E}\(feature(1))\n\u{1E}\(feature(2))\u{1E}\(feature(3))\n")
        #expect(result.points.rows == [ReadPointRow(1, 1), ReadPointRow(2, 1), ReadPointRow(3, 1)])
    }

    @Test("reports each bad line with its line and feature number, and reads on")
    func badLines() throws {
        let files = try ReaderTestFiles()
        let result = try files.read("bad.ndjson", """
            {"type":"Feature","geometry":{"type":"Point","coordinates":[1,1]}}

            {"type":"Feature","geometry":{"type":"Point","coordinates":[1,1]
            {"type":"Feature" "geometry":null}
            {"type":"Feature","geometry":{"type":"Polygon","coordinates":[]}}
            [1,2]
            {"type":"Feature","geometry":{"type":"Point","coordinates":[1,1]}} x
            {"type":"Feature","geometry":{"type":"Point","coordinates":[-181,1]}}
            {"type":"Feature","geometry":{"type":"Point","coordinates":[2,2]}}
            """)
        #expect(files.problems(result) == [
            "bad.ndjson:3: feature 2: line is not valid JSON: unexpected end of text, expected ',' or '}' after an object member (column 65)",
            "bad.ndjson:4: feature 3: line is not valid JSON: expected ',' or '}' after an object member, found '\"' (column 19)",
            "bad.ndjson:5: feature 4: geometry is not a Point (got Polygon)",
            "bad.ndjson:6: feature 5: not a Feature (got an array)",
            "bad.ndjson:7: feature 6: line is not valid JSON: unexpected text after the feature (column 68)",
            "bad.ndjson:8: feature 7: longitude -181 is out of range (-180...180)",
        ])
        #expect(result.points.rows == [ReadPointRow(1, 1), ReadPointRow(2, 2)])
    }

    @Test("an empty or blank file is an error, not an empty dataset", arguments: [("", "is empty (0 bytes)"), ("\n\n", "holds only white space (2 bytes)")])
    func emptyFile(text: String, problem: String) throws {
        let files = try ReaderTestFiles()
        #expect(try files.failure("points.ndjson", text) == "points.ndjson: the file \(problem); expected one GeoJSON Feature per line")
    }
}
