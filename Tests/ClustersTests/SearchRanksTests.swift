import Testing
@testable import Clusters

/// Search ranks against kdbush's search itself: a search whose radius covers every item lists the
/// whole tree in search order, so each position's rank is where it comes in that list. Ranks are
/// asked for position by position, so both ways of finding one are used (the walk from the root
/// for the first thousand or so, then the table).
@Suite struct SearchRanksTests {
    @Test(arguments: [1, 2, 17, 100, 5_000, 40_000])
    func aRankIsWhereTheSearchListsThePosition(count: Int) {
        for nodeSize in [2, 16, 64] {
            var random = SeededGenerator(seed: UInt64(count))
            let entries = (0..<count).map { i in
                KDEntry(x: Float(random.next() % 1000) / 1000, y: Float(random.next() % 1000) / 1000, index: Int32(i), handle: Int32(i))
            }
            let tree = KDTree(entries: entries, nodeSize: nodeSize)
            var all: [Int32] = []
            var stack = KDStack()
            tree.within(0.5, 0.5, 10, into: &all, stack: &stack)
            var expected = [Int32](repeating: -1, count: count)
            for (rank, position) in all.enumerated() { expected[Int(position)] = Int32(rank) }
            var ranks = SearchRanks(count: tree.count, nodeSize: tree.nodeSize)
            let actual = (0..<count).map { ranks.rank($0) }
            #expect(actual == expected, "\(count) items, node size \(nodeSize)")
        }
    }
}
