import Testing
@testable import Clusters

/// The compact forms of a ``JSONTextColumn`` (integers as numbers, objects as their values and a
/// shared shape) give every row back byte for byte, whatever its spacing, escapes or nesting, and
/// cost what they claim.
@Suite struct CompactColumnTests {
    private static func column(_ rows: [String?]) -> JSONTextColumn {
        var column = JSONTextColumn()
        for row in rows {
            if let row { column.append(row) } else { column.appendAbsent() }
        }
        return column
    }

    @Test(arguments: [
        // Integers, then text that is not one of their canonical forms: the column leaves the integer form.
        ["0", "-17", "2147483647", "-2147483648", "9223372036854775807", nil, "12"],
        ["1", "2", "01", "3"],
        ["1", "-0", "2"],
        ["1", "1.0", "1e3", #""1""#],
        ["5", nil, "-9223372036854775808", "6"],
        [#""store-17""#, "42", nil, #""a\"b""#],
        // Objects of one shape, of several, with spacing, escapes, nesting and duplicate keys.
        [#"{"value":635.0}"#, #"{"value":792.63}"#, #"{"value":-1e-7}"#, nil, #"{"value":null}"#],
        [#"{ "a" : 1 , "b":[1, {"c":2}] }"#, #"{"a":"x\"y","b":{}}"#, "{}", #"{"a":1,"a":2}"#, #"{"\u00e9":true}"#],
        [#"{"name":"Wien","population":1691468}"#, "[1,2]", #""text""#, #"{"name":"Graz","population":291072}"#],
        [#"{"a":1}"#, #"{"a":1 }"#, #"{"a" :1}"#, #"{"a":{"b":[true,false,null]},"c":"é"}"#],
    ] as [[String?]])
    func everyRowComesBackAsAppended(rows: [String?]) {
        let column = Self.column(rows)
        #expect(column.count == rows.count)
        #expect((0..<rows.count).map { column[$0] } == rows)
        #expect((0..<rows.count).map { column.isPresent($0) } == rows.map { $0 != nil })
        var scratch: [UInt8] = []
        for (row, text) in rows.enumerated() {
            let rebuilt = column.withText(of: row, scratch: &scratch) { String(decoding: $0, as: UTF8.self) }
            #expect(rebuilt == text)
        }
        let picked: [Int32] = rows.indices.reversed().map(Int32.init)
        let subset = column.subset(picked)
        #expect((0..<rows.count).map { subset[$0] } == picked.map { rows[Int($0)] })
    }

    @Test func integerIdsCostFourBytesARowAndWidenPastThirtyTwoBits() {
        var column = JSONTextColumn()
        for id in 0..<100_000 { column.append(String(id)) }
        #expect(column.byteCount == 100_000 * 4)
        column.append("4294967296")
        #expect(column.byteCount == 100_001 * 8)
        #expect(column[99_999] == "99999" && column[100_000] == "4294967296")
    }

    @Test func objectsOfOneShapeCostTheirValuesAndAnOffset() {
        var column = JSONTextColumn()
        for n in 0..<100_000 { column.append(#"{"value":\#(n % 1000).5,"kind":"shop"}"#) }
        let values = (0..<100_000).reduce(0) { $0 + "\($1 % 1000).5".utf8.count + 1 + 6 }
        #expect(column.byteCount >= values + 100_000 * 4)
        #expect(column.byteCount < values + 100_000 * 4 + 512)
        #expect(column[12_345] == #"{"value":345.5,"kind":"shop"}"#)
    }

    @Test func theFingerprintDependsOnEveryRowsText() {
        var a = PointSet(), b = PointSet()
        a.append(longitude: 1, latitude: 2, id: "7", properties: #"{"v":1.0}"#)
        b.append(longitude: 1, latitude: 2, id: "7", properties: #"{"v":1}"#)
        #expect(a.fingerprint != b.fingerprint)
        var c = PointSet()
        c.append(longitude: 1, latitude: 2, id: "7", properties: #"{"v":1.0}"#)
        #expect(a.fingerprint == c.fingerprint)
    }
}
