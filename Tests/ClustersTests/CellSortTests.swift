import Testing
@testable import Clusters

/// The radix sort of items by grid cell against the library's sort: the same keys in the same
/// order (by cell, then by item) for grids of one cell up to past 2²², with cell counts at the
/// edges of a pass's 11 bits, crowded and sparse, on one thread and in runs on several.
@Suite struct CellSortTests {
    @Test(arguments: [(1, 1), (2, 50), (2_047, 3_000), (2_048, 3_000), (2_049, 3_000), (1 << 22, 5_000),
                      ((1 << 22) + 3, 20_000), (9, 20_000), (3_000, CellSort.parallelMinimum + 7), (1 << 22, 150_000)])
    func itemsAreInCellOrderThenItemOrder(cellCount: Int, count: Int) {
        var random = SeededGenerator(seed: UInt64(cellCount * 31 + count))
        let cells = (0..<count).map { _ in Int(random.next() % UInt64(cellCount)) }
        let expected = cells.enumerated().map { UInt64($1) << 32 | UInt64($0) }.sorted()
        for threads in [1, 2, 3] {
            let sorted = CellSort.sorted(count: count, cellCount: cellCount, threads: threads) { cells[$0] }
            #expect(sorted == expected, "cellCount \(cellCount), count \(count), threads \(threads)")
        }
    }

    @Test func noItems() {
        #expect(CellSort.sorted(count: 0, cellCount: 100) { _ in 0 }.isEmpty)
    }
}
