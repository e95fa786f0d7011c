import Foundation
import Testing
@testable import Clusters

/// A layout sorted only around some positions (``KDSorter/sort(_:around:)``): every item at a
/// wanted position is where the whole sort puts it, and sorting the ranges left gives the whole
/// sort's layout entry for entry, whatever the keys (many equal to a pivot among them) and
/// whichever positions are wanted.
@Suite struct KDSorterPartialTests {
    @Test(arguments: [2, 65, 700, 20_000])
    func wantedItemsAreWhereTheWholeSortPutsThem(count: Int) {
        for seed in SeededGenerator.seeds([4, 5]) {
            for keys in KDSorterTests.Keys.allCases {
                for wantedCount in [0, 1, 7, 100] {
                    var random = SeededGenerator(seed: seed)
                    let entries = (0..<count).map { i in
                        KDEntry(x: keys.value(&random), y: keys.value(&random), index: Int32(i), handle: Int32(i))
                    }
                    let wantedIndexes = Set((0..<wantedCount).map { _ in Int(random.next() % UInt64(count)) })
                    let sorter = KDSorter(nodeSize: 16)
                    var whole = entries
                    whole.withUnsafeMutableBufferPointer { sorter.sort($0) }
                    var partial = entries
                    let unsorted = partial.withUnsafeMutableBufferPointer {
                        sorter.sort($0, around: wantedIndexes.map { SIMD2(entries[$0].x, entries[$0].y) })
                    }
                    let context = "seed \(seed), \(keys), \(wantedCount) wanted"
                    for p in whole.indices where wantedIndexes.contains(Int(whole[p].index)) {
                        #expect(partial[p].index == whole[p].index, "\(context): wanted item \(whole[p].index) misplaced")
                    }
                    if wantedIndexes.isEmpty && count > 16 { #expect(unsorted.count == 1, "\(context): nothing to sort") }
                    partial.withUnsafeMutableBufferPointer { sorter.sort($0, ranges: unsorted, threads: 2) }
                    #expect(partial.map(\.index) == whole.map(\.index), "\(context): finished layout differs")
                }
            }
        }
    }
}
