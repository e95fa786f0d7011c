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
