import Clusters
import Testing

@Suite("GeoJSON point reader")
struct GeoJSONReaderTests {
    @Test("reads a FeatureCollection, keeping each id and properties text byte for byte")
    func featureCollection() throws {
        let files = try ReaderTestFiles()
        let result = try files.read("shops.geojson", """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "id": 17, "properties": {"name": "Café Central", "z": 1, "a": [1.50, {"b": null}]},
               "geometry": {"type": "Point", "coordinates": [16.3654, 48.2104]}},
              {"type": "Feature", "id": "store-\\u00e9", "properties": {  "名前" : "東京" ,"emoji":"😀\\n"  },
               "geometry": {"type": "Point", "coordinates": [139.69171, 35.6895, 40.0]}},
              {"type": "Feature", "id": -1.5e3, "properties": {}, "geometry": {"type": "Point", "coordinates": [-180, -90]}}
            ]}
            """)
        #expect(result.format == .geojson)
        #expect(result.invalid.isEmpty)
        #expect(result.points.rows == [
            ReadPointRow(16.3654, 48.2104, id: "17", properties: #"{"name": "Café Central", "z": 1, "a": [1.50, {"b": null}]}"#),
            ReadPointRow(139.69171, 35.6895, id: #""store-\u00e9""#, properties: #"{  "名前" : "東京" ,"emoji":"😀\n"  }"#),
            ReadPointRow(-180, -90, id: "-1.5e3", properties: "{}"),
        ])
    }

    @Test("accepts members in any order, foreign members, and a single Feature")
    func memberOrder() throws {
        let files = try ReaderTestFiles()
        let collection = try files.read("any-order.geojson", """
            {"features": [{"geometry": {"coordinates": [1.5, 2.5], "bbox": [0, 0, 1, 1], "type": "Point"},
                           "properties": {"k": "v"}, "title": {"nested": [1, 2]}, "type": "Feature", "id": 7}],
             "bbox": [-180, -90, 180, 90], "crs": {"type": "name", "properties": {"name": "EPSG:4326"}},
             "type": "FeatureCollection", "generator": "test"}
            """)
        #expect(collection.points.rows == [ReadPointRow(1.5, 2.5, id: "7", properties: #"{"k": "v"}"#)])
        let single = try files.read("one.json", #"{"properties":{"name":"Wien"},"type":"Feature","geometry":{"type":"Point","coordinates":[16.37208,48.20849]}}"#)
        #expect(single.format == .geojson)
        #expect(single.points.rows == [ReadPointRow(16.37208, 48.20849, properties: #"{"name":"Wien"}"#)])
    }

    @Test("a missing or null id or properties is absent")
    func absentMembers() throws {
        let files = try ReaderTestFiles()
        let result = try files.read("absent.geojson", """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]}},
            {"type":"Feature","id":null,"properties":null,"geometry":{"type":"Point","coordinates":[3,4]}}
            ]}
            """)
        #expect(result.points.rows == [ReadPointRow(1, 2), ReadPointRow(3, 4)])
        #expect(result.points.ids.isPresent(0) == false)
        #expect(result.points.properties.isPresent(1) == false)
    }

    @Test("an empty collection has no points")
    func emptyCollection() throws {
        let files = try ReaderTestFiles()
        let result = try files.read("empty.geojson", #"{"type":"FeatureCollection","features":[]}"#)
        #expect(result.points.count == 0)
        #expect(result.invalid.isEmpty)
    }

    @Test("an empty or blank file is an error, not an empty dataset (a file caught while it is written)",
          arguments: [("", "is empty (0 bytes)"), (" \n\t ", "holds only white space (4 bytes)")])
    func emptyFile(text: String, problem: String) throws {
        let files = try ReaderTestFiles()
        #expect(try files.failure("empty.geojson", text) == #"empty.geojson: the file \#(problem); expected a GeoJSON FeatureCollection (a dataset without points is {"type":"FeatureCollection","features":[]})"#)
    }

    @Test("a byte-order mark is skipped")
    func byteOrderMark() throws {
        let files = try ReaderTestFiles()
        let path = try files.write("bom.geojson", bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":null,"geometry":{"type":"Point","coordinates":[5,6]}}]}"#.utf8))
        #expect(try PointReader.read(path: path).points.rows == [ReadPointRow(5, 6)])
    }

    @Test("reports each feature that is not a usable point with its line and number, and reads the rest")
    func invalidFeatures() throws {
        let files = try ReaderTestFiles()
        let result = try files.read("bad.geojson", """
            {"type": "FeatureCollection", "features": [
            {"type": "Feature", "id": 1, "properties": {}, "geometry": {"type": "Point", "coordinates": [10, 20]}},
            {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}},
            {"type": "Feature", "geometry": null},
            {"type": "Feature", "properties": {}},
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [200, 0]}},
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [0, -90.5]}},
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": ["abc", 0]}},
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [0, null]}},
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [1e999, 0]}},
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [5]}},
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": []}},
            {"type": "Feature", "geometry": {"type": "Point"}},
            {"type": "Feature", "geometry": {"coordinates": [1, 2]}},
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": "1,2"}},
            {"type": "Feature", "geometry": [1, 2]},
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [[1, 2]]}},
            {"type": "Feature", "id": {"a": 1}, "geometry": {"type": "Point", "coordinates": [1, 2]}},
            {"type": "Feature", "properties": [1], "geometry": {"type": "Point", "coordinates": [1, 2]}},
            {"type": "Point", "coordinates": [1, 2]},
            {"geometry": {"type": "Point", "coordinates": [1, 2]}},
            [1, 2],
            {"type": "Feature", "geometry": {"type": "GeometryCollection", "geometries": []}},
            {"type": "Feature", "id": "last", "properties": {"ok": true}, "geometry": {"type": "Point", "coordinates": [-10, -20]}}
            ]}
            """)
        #expect(files.problems(result) == [
            "bad.geojson:3: feature 2: geometry is not a Point (got LineString)",
            "bad.geojson:4: feature 3: geometry is null",
            "bad.geojson:5: feature 4: geometry is missing",
            "bad.geojson:6: feature 5: longitude 200 is out of range (-180...180)",
            "bad.geojson:7: feature 6: latitude -90.5 is out of range (-90...90)",
            #"bad.geojson:8: feature 7: longitude "abc" is not a number"#,
            "bad.geojson:9: feature 8: latitude null is not a number",
            "bad.geojson:10: feature 9: longitude 1e999 is not a finite number",
            "bad.geojson:11: feature 10: coordinates have no latitude",
            "bad.geojson:12: feature 11: coordinates are empty",
            #"bad.geojson:13: feature 12: Point has no "coordinates""#,
            #"bad.geojson:14: feature 13: geometry has no "type""#,
            "bad.geojson:15: feature 14: coordinates are not an array (got a string)",
            "bad.geojson:16: feature 15: geometry is not an object (got an array)",
            "bad.geojson:17: feature 16: coordinates are not a position (got nested arrays)",
            "bad.geojson:18: feature 17: id is not a string or a number (got an object)",
            "bad.geojson:19: feature 18: properties is not an object or null (got an array)",
            #"bad.geojson:20: feature 19: not a Feature ("type" is "Point")"#,
            #"bad.geojson:21: feature 20: not a Feature (no "type")"#,
            "bad.geojson:22: feature 21: not a Feature (got an array)",
            "bad.geojson:23: feature 22: geometry is not a Point (got GeometryCollection)",
        ])
        #expect(result.invalid[0].line == 3)
        #expect(result.invalid[0].record?.kind == "feature")
        #expect(result.invalid[0].record?.number == 2)
        #expect(result.points.rows == [
            ReadPointRow(10, 20, id: "1", properties: "{}"),
            ReadPointRow(-10, -20, id: #""last""#, properties: #"{"ok": true}"#),
        ])
    }

    @Test("text that is not GeoJSON is one fatal error naming file, line and column", arguments: [
        ("{\"type\": \"FeatureCollection\", \"features\": [\n  {\"type\": \"Feature\"}\n  {\"type\": \"Feature\"}\n]}",
         "broken.geojson:3:3: expected ',' or ']' after an array element, found '{'"),
        ("{\"type\": \"FeatureCollection\", \"features\": [\n{\"type\": \"Feature\", \"properties\": {\"a\": 01}}]}",
         "broken.geojson:2:41: leading zero in a number"),
        ("{\"type\":\"FeatureCollection\",\"features\":[", "broken.geojson:1:41: unexpected end of text, expected a value"),
        (#"{"type": "Polygon", "coordinates": []}"#,
         #"broken.geojson:1:1: expected a GeoJSON FeatureCollection or Feature, found "type": "Polygon""#),
        (#"{"features": []}"#,
         #"broken.geojson:1:1: expected a GeoJSON FeatureCollection or Feature, found an object without a "type""#),
        ("[1, 2]", "broken.geojson:1:1: expected a GeoJSON FeatureCollection or Feature object, found an array"),
        (#"{"type": "FeatureCollection"}"#, #"broken.geojson:1:1: the FeatureCollection has no "features""#),
        (#"{"type": "FeatureCollection", "features": {}}"#, #"broken.geojson:1:43: "features" is not an array (got an object)"#),
        ("{\"type\":\"Feature\",\"geometry\":null}\n{\"type\":\"Feature\",\"geometry\":null}\n",
         "broken.geojson:2:1: unexpected text after the GeoJSON object (one feature per line is the ndjson format)"),
    ])
    func fatal(text: String, message: String) throws {
        let files = try ReaderTestFiles()
        #expect(try files.failure("broken.geojson", text) == message)
    }
}
