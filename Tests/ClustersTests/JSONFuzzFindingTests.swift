import Clusters
import Foundation
import Testing

/// What `make fuzz` found in the JSON parser, kept as tests. Each file in
/// Tests/Fixtures/fuzz/JSONParse is an input of the `JSONParse` fuzz target.
@Suite struct JSONFuzzFindingTests {
    static let findings = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fuzz/JSONParse").path

    static func inputs() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: findings).sorted()
    }

    /// `23157e308` is beyond the largest Double: read as infinity and written as `null`, exactly as
    /// JavaScript's `JSON.parse` and `JSON.stringify` do (the fuzz target expected a round trip).
    @Test(arguments: try inputs())
    func numbersBeyondDoubleReadAsInfinityAndWriteAsNull(input: String) throws {
        let value = try JSONValue(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: Self.findings + "/" + input))))
        guard case .array(let items)? = value["a"] else { Issue.record("no array 'a' in \(value.jsonText)"); return }
        #expect(items.contains(.number(.infinity)))
        #expect(value.jsonText.contains("[1,0,null,"))
    }

    @Test func overflowingNumbers() throws {
        #expect(try JSONValue(parsing: "1e400") == .number(.infinity))
        #expect(try JSONValue(parsing: "-1e400") == .number(-.infinity))
        #expect(try JSONValue(parsing: "[1e400]").jsonText == "[null]")
        #expect(try JSONValue(parsing: "1e-400") == .number(0))
    }
}
