import Testing
@testable import Clusters

/// The column gives back every row as it was appended, whether its rows are all absent, all the
/// same text (kept once), or change after a run of the same (the run spelt out row by row).
@Suite struct JSONTextColumnTests {
    @Test(arguments: [
        [String?](repeating: nil, count: 5),
        [String?](repeating: "{}", count: 5),
        [nil, nil, "{}", "{}", nil],
        ["{}", "{}", "{}", nil],
        ["{}", "{}", "{\"n\":1}", "{}"],
        ["1", "2", "3"],
        ["", "", "x"],
        [],
        // Rows of one shape and rows that look like it, each after one of the shape: whitespace
        // where the shape has none or less, a value of another kind, a missing or extra member, text
        // after the object, an object nested as a value.
        [#"{"a": 1}"#, #"{"a":  2}"#, #"{"a": 3 }"#, #"{"a": "x, y"}"#, #"{"a": [1, {"b": 2}]}"#, #"{"a": 1}x"#,
         #"{"a": }"#, #"{"a": 1, "b": 2}"#, #"{"a": 1, "b": 3}"#, #"{"a": 1,"b": 3}"#, #"{"b": 1}"#, #"{"a":1}"#,
         #"{"a": 5}"#, #"{"a": -0.5e3}"#, #"{"a": tru}"#, #"{"a": true}"#, nil, #"{"a": null}"#, #" {"a": 1}"#],
    ])
    func everyRowComesBackAsAppended(rows: [String?]) {
        var column = JSONTextColumn()
        for row in rows {
            if let row { column.append(row) } else { column.appendAbsent() }
        }
        #expect(column.count == rows.count)
        #expect((0..<rows.count).map { column[$0] } == rows)
        #expect((0..<rows.count).map { column.isPresent($0) } == rows.map { $0 != nil })
    }

    @Test("an object appended with its values already found is kept as its text would be", arguments: [
        [#"{"a":1}"#, #"{"a":2}"#, #"{"a": 3}"#, #"{"a":"x, y","b":[1,{"c":2}]}"#, "{}", #"{"a":4}"#, #"{ "a" : 5 }"#],
        [#"{"value":635.0}"#, #"{"value":635.0}"#, #"{"value":1}"#, #"{"value":null}"#, #"{"other":1}"#, #"{"value":2}"#],
        ["{}", "{}", "{}"],
    ])
    func splitObjectsAreKeptAsTheirText(rows: [String]) throws {
        var byText = JSONTextColumn()
        var bySplit = JSONTextColumn()
        for row in rows {
            byText.append(row)
            let text = Array(row.utf8)
            try text.withUnsafeBufferPointer { text in
                var scanner = JSONScanner(text)
                var values: [Range<Int>] = []
                try scanner.scanObject(depth: 0) { scanner, _ throws(JSONSyntaxError) in
                    values.append(try scanner.skipValueSpan(depth: 1))
                }
                values.withUnsafeBufferPointer { bySplit.append(SplitObjectText(text: text, values: $0)) }
            }
        }
        #expect((0..<rows.count).map { bySplit[$0] } == rows)
        #expect(bySplit == byText)
        #expect(bySplit.byteCount == byText.byteCount)
    }

    @Test func aColumnOfOneRepeatedTextCostsItsTextOnce() {
        var column = JSONTextColumn()
        for _ in 0..<100_000 { column.append("{}") }
        #expect(column.byteCount == 2)
        column.append("{\"a\":1}")
        // Spelt out: an offset (4 bytes) and a shape number (2) a row, the one value, the two shapes.
        #expect(column.byteCount >= 100_001 * 6 && column.byteCount < 100_001 * 6 + 512)
        #expect(column[99_999] == "{}")
        #expect(column[100_000] == "{\"a\":1}")
    }
}
