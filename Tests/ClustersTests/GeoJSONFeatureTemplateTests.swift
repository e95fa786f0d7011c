@testable import Clusters
import Testing

/// A FeatureCollection's features are read by a template learned from the features before them.
/// Whatever a feature holds, it must be read exactly as when no template was learned: each case
/// reads `probe` after two features of the layout `learned` (so the template fits or nearly
/// fits), and compares everything the read gives back (points, invalid records with their lines
/// and numbers, the error of text that is not JSON) with the same file in which the two features
/// before it cannot be learned (the same bytes with a longitude out of range).
@Suite("GeoJSON features read by a learned layout")
struct GeoJSONFeatureTemplateTests {
    static let learned = #"{"type":"Feature","id":1,"properties":{"value":635.0,"name":"a"},"geometry":{"type":"Point","coordinates":[1.5,2.5]}}"#

    /// What reading a file gives back, in a form that compares.
    struct Outcome: Equatable {
        var rows: [ReadPointRow] = []
        var problems: [String] = []
        var error: String?
    }

    static func read(_ features: [String], files: ReaderTestFiles) throws -> Outcome {
        let text = #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",\n") + "]}"
        let path = try files.write("features.geojson", text)
        do {
            let result = try PointReader.read(path: path)
            return Outcome(rows: result.points.rows, problems: files.problems(result))
        } catch {
            return Outcome(error: error.description.replacingOccurrences(of: files.directory + "/", with: ""))
        }
    }

    /// The probe read after two features it may be read like, and after two that teach nothing (the
    /// same bytes but for their type, `"Featurx"`, which makes them no features at all).
    static func outcomes(probe: String, learned: String = learned) throws -> (learned: Outcome, unlearned: Outcome) {
        let files = try ReaderTestFiles()
        let unlearnable = learned.replacingOccurrences(of: #""Feature""#, with: #""Featurx""#)
        #expect(unlearnable != learned)
        var withTemplate = try read([learned, learned, probe], files: files)
        let without = try read([unlearnable, unlearnable, probe], files: files)
        // The two features before the probe differ on purpose; what is compared is the probe's.
        if withTemplate.error == nil {
            withTemplate.rows.removeFirst(2)
            #expect(without.problems.count >= 2)
        }
        var withoutProbe = without
        if withoutProbe.error == nil { withoutProbe.problems.removeFirst(2) }
        return (withTemplate, withoutProbe)
    }

    @Test("a feature of the learned layout with other values is read as if alone", arguments: [
        // Other values of every slot's kind.
        #"{"type":"Feature","id":2,"properties":{"value":-1.5e3,"name":"b"},"geometry":{"type":"Point","coordinates":[-180,90]}}"#,
        #"{"type":"Feature","id":"store-\u00e9","properties":{"value":"x, \"y\"}","name":[1,{"b":null}]},"geometry":{"type":"Point","coordinates":[16.3654321,-48.2]}}"#,
        #"{"type":"Feature","id":-7.25,"properties":{"value":null,"name":{"nested":{"deeper":[true,false]}}},"geometry":{"type":"Point","coordinates":[0,0.0]}}"#,
        // Not quite the layout: whitespace, a value of another kind, members added or missing.
        #"{"type":"Feature","id":1,"properties":{"value": 635.0,"name":"a"},"geometry":{"type":"Point","coordinates":[1.5,2.5]}}"#,
        #"{"type":"Feature","id":1,"properties":{"value":635.0,"name":"a" },"geometry":{"type":"Point","coordinates":[1.5,2.5]}}"#,
        #"{"type":"Feature","id": 1,"properties":{"value":635.0,"name":"a"},"geometry":{"type":"Point","coordinates":[1.5, 2.5]}}"#,
        #"{"type":"Feature","id":null,"properties":{"value":635.0,"name":"a"},"geometry":{"type":"Point","coordinates":[1.5,2.5]}}"#,
        #"{"type":"Feature","id":true,"properties":{"value":635.0,"name":"a"},"geometry":{"type":"Point","coordinates":[1.5,2.5]}}"#,
        #"{"type":"Feature","id":{"a":1},"properties":{"value":635.0,"name":"a"},"geometry":{"type":"Point","coordinates":[1.5,2.5]}}"#,
        #"{"type":"Feature","id":1,"properties":null,"geometry":{"type":"Point","coordinates":[1.5,2.5]}}"#,
        #"{"type":"Feature","id":1,"properties":{"value":635.0},"geometry":{"type":"Point","coordinates":[1.5,2.5]}}"#,
        #"{"type":"Feature","id":1,"properties":{"value":635.0,"name":"a","more":1},"geometry":{"type":"Point","coordinates":[1.5,2.5]}}"#,
        #"{"type":"Feature","id":1,"properties":{"value":635.0,"name":"a"},"geometry":{"type":"Point","coordinates":[1.5,2.5,100]}}"#,
        #"{"type":"Feature","id":1,"properties":{"value":635.0,"name":"a"},"geometry":{"type":"Point","coordinates":[1.5,2.5]},"id":3}"#,
        #"{"type":"Feature","id":1,"properties":{"name":"a","value":635.0},"geometry":{"type":"Point","coordinates":[1.5,2.5]}}"#,
        // Not a usable point in the learned layout: the full reader's message.
        #"{"type":"Feature","id":1,"properties":{"value":635.0,"name":"a"},"geometry":{"type":"Point","coordinates":[200,2.5]}}"#,
        #"{"type":"Feature","id":1,"properties":{"value":635.0,"name":"a"},"geometry":{"type":"Point","coordinates":[1.5,-90.5]}}"#,
        #"{"type":"Feature","id":1,"properties":{"value":635.0,"name":"a"},"geometry":{"type":"Point","coordinates":[1e999,2.5]}}"#,
        #"{"type":"Feature","id":1,"properties":{"value":635.0,"name":"a"},"geometry":{"type":"Point","coordinates":["1",2.5]}}"#,
        #"{"type":"Feature","id":1,"properties":{"value":635.0,"name":"a"},"geometry":{"type":"Point","coordinates":[null,2.5]}}"#,
        #"{"type":"Feature","id":1,"properties":{"value":635.0,"name":"a"},"geometry":{"type":"Point","coordinates":[[1.5],2.5]}}"#,
        #"{"type":"Feature","id":1,"properties":{"value":635.0,"name":"a"},"geometry":{"type":"LineString","coordinates":[1.5,2.5]}}"#,
        // Not JSON where a slot is, or in the layout's own bytes: the full reader's error.
        #"{"type":"Feature","id":01,"properties":{"value":635.0,"name":"a"},"geometry":{"type":"Point","coordinates":[1.5,2.5]}}"#,
        #"{"type":"Feature","id":1,"properties":{"value":635.,"name":"a"},"geometry":{"type":"Point","coordinates":[1.5,2.5]}}"#,
        #"{"type":"Feature","id":1,"properties":{"value":635.0,"name":"a\u12"},"geometry":{"type":"Point","coordinates":[1.5,2.5]}}"#,
        #"{"type":"Feature","id":1,"properties":{"value":635.0,"name":"a"},"geometry":{"type":"Point","coordinates":[1.5,-]}}"#,
        #"{"type":"Feature","id":1,"properties":{"value":[1,2,"name":"a"},"geometry":{"type":"Point","coordinates":[1.5,2.5]}}"#,
        #"{"type":"Feature","id":1,"properties":{"value":635.0,"name":"a"},"geometry":{"type":"Point","coordinates":[1.5,2.5]}"#,
        #"{"type":"Feature","id":1,"properties":{"value":635.0,"name":"a"},"geometry":{"type":"Point","coordinates":[1.5,2.5"#,
    ])
    func sameAsUnlearned(probe: String) throws {
        let (learned, unlearned) = try Self.outcomes(probe: probe)
        #expect(learned == unlearned)
    }

    @Test("layouts without an id or properties, with null ones, doubled members or an altitude are learned and read alike", arguments: [
        (#"{"type":"Feature","geometry":{"type":"Point","coordinates":[1.5,2.5]}}"#,
         #"{"type":"Feature","geometry":{"type":"Point","coordinates":[3.25,4]}}"#),
        (#"{"type":"Feature","id":null,"properties":null,"geometry":{"type":"Point","coordinates":[1.5,2.5]}}"#,
         #"{"type":"Feature","id":null,"properties":null,"geometry":{"type":"Point","coordinates":[-3,4]}}"#),
        (#"{"type":"Feature","id":null,"properties":null,"geometry":{"type":"Point","coordinates":[1.5,2.5]}}"#,
         #"{"type":"Feature","id:":"x","properties":{},"geometry":{"type":"Point","coordinates":[-3,4]}}"#),
        (#"{"id":1,"id":2,"properties":{"a":1},"properties":{},"type":"Feature","geometry":{"type":"Point","coordinates":[1.5,2.5]}}"#,
         #"{"id":1,"id":"two","properties":{"a":1},"properties":{},"type":"Feature","geometry":{"type":"Point","coordinates":[3,4]}}"#),
        (#"{"id":1,"id":2,"properties":{"a":1},"properties":{},"type":"Feature","geometry":{"type":"Point","coordinates":[1.5,2.5]}}"#,
         #"{"id":7,"id":2,"properties":{"a":7},"properties":{},"type":"Feature","geometry":{"type":"Point","coordinates":[3,4]}}"#),
        (#"{ "type" : "Feature" , "geometry" : { "coordinates" : [ 1.5 , 2.5 , 10 ] , "type" : "Point" } , "properties" : { "k" : [ 1 ] } }"#,
         #"{ "type" : "Feature" , "geometry" : { "coordinates" : [ -1 , -2 , 10 ] , "type" : "Point" } , "properties" : { "k" : {"x":2} } }"#),
        (#"{ "type" : "Feature" , "geometry" : { "coordinates" : [ 1.5 , 2.5 , 10 ] , "type" : "Point" } , "properties" : { "k" : [ 1 ] } }"#,
         #"{ "type" : "Feature" , "geometry" : { "coordinates" : [ -1 , -2 , 11 ] , "type" : "Point" } , "properties" : { "k" : [ 1 ] } }"#),
        (#"{"type":"Feature","geometry":{"type":"Point","coordinates":[1.5,2.5]},"geometry":{"type":"Point","coordinates":[5,6]}}"#,
         #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1.5,2.5]},"geometry":{"type":"Point","coordinates":[7,8]}}"#),
        (#"{"type":"Feature","geometry":{"type":"Point","coordinates":[1.5,2.5]},"geometry":{"type":"Point","coordinates":[5,6]}}"#,
         #"{"type":"Feature","geometry":{"type":"Point","coordinates":[300,2.5]},"geometry":{"type":"Point","coordinates":[5,6]}}"#),
        (#"{"type":"Feature","geometry":{"type":"Point","coordinates":[1.5,2.5],"coordinates":[5,6]}}"#,
         #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1.5,2.5],"coordinates":[-5,-6]}}"#),
    ])
    func otherLayouts(learned: String, probe: String) throws {
        let (withTemplate, without) = try Self.outcomes(probe: probe, learned: learned)
        #expect(withTemplate == without)
    }

    @Test("a collection whose layout changes midway is read whole, each layout learned in turn")
    func layoutChanges() throws {
        let files = try ReaderTestFiles()
        var features: [String] = []
        for n in 0..<300 {
            let layout = n < 100 ? 0 : n < 200 ? n % 2 : 2
            let feature = switch layout {
            case 0: #"{"type":"Feature","id":\#(n),"properties":{"n":\#(n)},"geometry":{"type":"Point","coordinates":[\#(n % 180),\#(n % 90)]}}"#
            case 1: #"{"type":"Feature","properties":{"n":"\#(n)","k":[\#(n)]},"geometry":{"type":"Point","coordinates":[-\#(n % 180).5,1]}}"#
            default: #"{"geometry":{"coordinates":[\#(n % 180),-\#(n % 90)],"type":"Point"},"type":"Feature","id":"f\#(n)"}"#
            }
            features.append(feature)
        }
        let outcome = try Self.read(features, files: files)
        #expect(outcome.problems.isEmpty)
        #expect(outcome.rows.count == 300)
        #expect(outcome.rows[5] == ReadPointRow(5, 5, id: "5", properties: #"{"n":5}"#))
        #expect(outcome.rows[151] == ReadPointRow(-151.5, 1, properties: #"{"n":"151","k":[151]}"#))
        #expect(outcome.rows[152] == ReadPointRow(152, 62, id: "152", properties: #"{"n":152}"#))
        #expect(outcome.rows[250] == ReadPointRow(70, -70, id: #""f250""#))
        #expect(outcome.rows[299] == ReadPointRow(119, -29, id: #""f299""#))
    }

    @Test("the learned layout reads a feature with other values, and only such a feature")
    func templateFits() throws {
        func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
        let learnedText = bytes(Self.learned)
        let template = try learnedText.withUnsafeBufferPointer { text in
            var scanner = JSONScanner(text)
            let parts = try scanner.scanFeature(depth: 2)
            return GeoJSONFeatureTemplate(learning: parts, in: text, range: 0..<text.count, depth: 2)
        }
        let probe = bytes(#"{"type":"Feature","id":"x","properties":{"value":[1, 2],"name":null},"geometry":{"type":"Point","coordinates":[-3.25,4e1]}} ,"#)
        var match = GeoJSONTemplateMatch()
        let fits = try #require(template).matchAt(probe, into: &match)
        #expect(fits == 123)
        #expect(match.id.map { String(decoding: probe[$0], as: UTF8.self) } == #""x""#)
        let properties = try #require(match.properties)
        #expect(String(decoding: probe[properties], as: UTF8.self) == #"{"value":[1, 2],"name":null}"#)
        #expect(match.propertyValues.map { String(decoding: probe[properties][$0.shifted(by: properties.lowerBound)], as: UTF8.self) } == ["[1, 2]", "null"])
        #expect(match.longitude == -3.25 && match.latitude == 40)
        for other in [#"{"type":"Feature","id":"x","properties":{"value":1,"name":null},"geometry":{"type":"Point","coordinates":[-3.25, 40]}}"#,
                      #"{"type":"Feature","id":null,"properties":{"value":1,"name":null},"geometry":{"type":"Point","coordinates":[-3.25,40]}}"#,
                      #"{"type":"Feature","id":1,"properties":{"value":1,"name":null},"geometry":{"type":"Point","coordinates":[-3.25,91]}}"#,
                      #"{"type":"Feature","id":1,"properties":{"value":1,"name":null},"geometry":{"type":"Point","coordinates":[-3.25,40]}"#] {
            #expect(try #require(template).matchAt(bytes(other), into: &match) == nil, "\(other)")
        }
    }
}

extension GeoJSONFeatureTemplate {
    /// Where the feature at the start of `text` ends when the template fits it, nil when not.
    func matchAt(_ text: [UInt8], into match: inout GeoJSONTemplateMatch) -> Int? {
        text.withUnsafeBufferPointer { text in
            var scanner = JSONScanner(text)
            guard self.match(&scanner, into: &match) else {
                #expect(scanner.position == 0)
                return nil
            }
            return scanner.position
        }
    }
}

extension Range<Int> {
    func shifted(by offset: Int) -> Range<Int> { (lowerBound + offset)..<(upperBound + offset) }
}
