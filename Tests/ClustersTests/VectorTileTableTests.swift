@testable import Clusters
import Testing

/// A layer's keys and values tables number each distinct entry once, in the order first met,
/// whether they are small (searched end to end) or large (hashed).
@Suite struct VectorTileTableTests {
    @Test func entriesAreNumberedInTheOrderFirstMet() {
        var table = VectorTileTable<String>()
        let words = (0..<1000).map { "word \($0 % 300)" }
        let numbers = words.map { table.index(of: $0) }
        #expect(numbers == (0..<1000).map { UInt32($0 % 300) })
        #expect(table.elements == (0..<300).map { "word \($0)" })
    }

    @Test func valuesAreEqualOnlyWithTheSameTypeAndValue() {
        var table = VectorTileTable<VectorTileValue>()
        var values: [VectorTileValue] = [.bool(true), .bool(false)]
        for index in 0..<40 {
            values += [.string(String(index)), .uint(UInt64(index)), .sint(-Int64(index) - 1), .double(Double(index) + 0.5)]
        }
        let first = values.map { table.index(of: $0) }
        let again = values.reversed().map { table.index(of: $0) }
        #expect(first == Array(0..<UInt32(values.count)))
        #expect(again == first.reversed())
        #expect(table.elements == values)
    }

    @Test func removeAllStartsTheNumberingAfresh() {
        var table = VectorTileTable<String>()
        for index in 0..<100 { _ = table.index(of: "k\(index)") }
        table.removeAll()
        #expect(table.index(of: "k50") == 0)
        #expect(table.index(of: "k7") == 1)
        #expect(table.index(of: "k50") == 0)
        #expect(table.elements == ["k50", "k7"])
    }
}
