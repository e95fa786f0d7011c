import Foundation
import Testing
@testable import Clusters

/// `PointSet.propertyColumns` against each point's properties text parsed on its own by
/// Foundation: objects kept as their values by shape (read from the values alone) and rows kept
/// as text give every point the same kind and value, whatever the keys' order, spacing, escapes,
/// nesting or absence.
@Suite struct PropertyColumnsTests {
    static let names = ["kind", "n", "flag", "deep", "gone"]

    /// Rows of many shapes: the same keys in other orders or spacing, escaped keys, values with
    /// commas, quotes and nesting, keys missing, no properties at all, and rows that open the
    /// column identical (kept once) before they differ.
    static func rows() -> [String?] {
        var rows: [String?] = Array(repeating: #"{"kind":"cafe","n":1}"#, count: 3)
        var random = SeededGenerator(seed: 5)
        let kinds = [#""cafe""#, #""bar, pub""#, #""say \"hi\"""#, "null", "true", "false", "12.5e3", "-0", "[1,{\"a\":2}]", #"{"x":[]}"#]
        for row in 0..<400 {
            let pick = { (n: Int) in Int(random.next() % UInt64(n)) }
            var members = [#""kind":\#(kinds[pick(kinds.count)])"#, #""n":\#(pick(1000))"#, #""name":"place \#(row)""#]
            if pick(3) == 0 { members.append(#""flag":\#(pick(2) == 0 ? "true" : "false")"#) }
            if pick(4) == 0 { members.append(#""deep":{"kind":"inner","n":[1,2]}"#) }
            if pick(5) == 0 { members[0] = #""ki\u006ed":"escaped""# }
            if pick(6) == 0 { members.remove(at: 1) }
            if pick(7) == 0 { members.shuffle(using: &random) }
            let separator = pick(8) == 0 ? " , " : ","
            rows.append(pick(20) == 0 ? nil : (pick(8) == 0 ? "{ " : "{") + members.joined(separator: separator) + "}")
        }
        rows.append("{}")
        rows.append(#"{"kind":"first","kind":"last"}"#)
        return rows
    }

    @Test func everyPointReadsAsItsOwnText() throws {
        var points = PointSet()
        for row in Self.rows() { points.append(longitude: 0, latitude: 0, id: nil, properties: row) }
        let columns = points.propertyColumns(Self.names)
        for (k, name) in Self.names.enumerated() {
            var keyed = 0
            for point in 0..<points.count {
                let expected = try Self.expected(points.properties[point], name)
                if expected.keyed { keyed += 1 }
                #expect(Seen(columns[k], point) == expected.value, "point \(point), \(name): \(points.properties[point] ?? "no properties")")
            }
            #expect(columns[k].keyed == keyed, "\(name)")
        }
    }

    /// A point's value of one property, as a column holds it or as Foundation reads it.
    enum Seen: Equatable {
        case absent, number(Double), string(String), bool(Bool), other

        init(_ column: PropertyColumn, _ point: Int) {
            switch column.kinds[point] {
            case .absent: self = .absent
            case .number: self = .number(column.values[point])
            case .string: self = .string(column.strings[Int(column.values[point])])
            case .true: self = .bool(true)
            case .false: self = .bool(false)
            case .other: self = .other
            }
        }
    }

    /// A key written twice counts once, with its last value, as `JSON.parse` has it.
    @Test func aKeyWrittenTwiceHasItsLastValue() {
        var points = PointSet()
        for row in [#"{"kind":"a","n":1}"#, #"{"kind":"b","n":2}"#, #"{"kind":"first","n":3,"kind":"last"}"#] {
            points.append(longitude: 0, latitude: 0, id: nil, properties: row)
        }
        let kind = points.propertyColumns(["kind"])[0]
        #expect(kind.strings[Int(kind.values[2])] == "last")
        #expect(kind.keyed == 3)
    }

    /// What a point's text says of `name`, parsed by Foundation on its own (a literal `true` or
    /// `false` told from a number by the text after the key, which Foundation's numbers hide).
    static func expected(_ text: String?, _ name: String) throws -> (value: Seen, keyed: Bool) {
        guard let text else { return (.absent, false) }
        if text.contains(#""kind":"first""#), name == "kind" { return (.string("last"), true) }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        guard let value = object[name] else { return (.absent, false) }
        for literal in [true, false] where text.contains(#""\#(name)":\#(literal)"#) || text.contains(#""\#(name)" : \#(literal)"#) {
            return (.bool(literal), true)
        }
        switch value {
        case is NSNull: return (.absent, true)
        case let string as String: return (.string(string), true)
        case let number as NSNumber: return (.number(number.doubleValue), true)
        default: return (.other, true)
        }
    }
}
