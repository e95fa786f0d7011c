import Testing
@testable import Clusters

/// The neighbour sets of levels clustered without their tree: the items involved are exactly the
/// ones linked, in ascending order, and a table of partners given back for the next level is all
/// -1 again, so that sets made in it are the sets made in a fresh one.
@Suite struct NeighbourSetsTests {
    /// Links `a → b` for each pair, in order.
    private static func sets(count: Int, links: [(Int32, Int32)], in table: [Int32] = []) -> NeighbourSets {
        var sets = NeighbourSets(count: count, in: table)
        for (a, b) in links { sets.link(a, b) }
        return sets
    }

    private static func involved(_ sets: NeighbourSets) -> [Int] {
        var found: [Int] = []
        sets.forEachInvolved { found.append($0) }
        return found
    }

    @Test func theItemsInvolvedAreTheOwnersAndTheirNeighboursAscending() {
        // 130 is alone with 3; 64 has a crowd (5, 200, 63); 7 lists 64 (not the other way round).
        let sets = Self.sets(count: 300, links: [(130, 3), (3, 130), (64, 5), (64, 200), (64, 63), (64, 5), (7, 64)])
        #expect(Self.involved(sets) == [3, 5, 7, 63, 64, 130, 200])
        #expect(sets.partner[130] == 3 && sets.partner[3] == 130 && sets.partner[7] == 64)
        #expect(sets.partner[5] == -1 && sets.partner[200] == -1 && sets.partner[299] == -1)
        #expect(sets.crowds == [[5, 200, 63]] && sets.crowdOwners == [64] && sets.partner[64] == -2)
        #expect(!sets.single)
        #expect(Self.involved(Self.sets(count: 1_000_000, links: [])).isEmpty)
    }

    @Test func aTableGivenBackIsAllUnlinkedAndServesTheNextLevelAsAFreshOne() {
        var random = SeededGenerator(seed: 41)
        let upper = (0..<5_000).map { _ in (Int32.random(in: 0..<100_000, using: &random), Int32.random(in: 0..<100_000, using: &random)) }
        let table = Self.sets(count: 100_000, links: upper).recycled()
        #expect(table.count == 100_000)
        #expect(table.allSatisfy { $0 == -1 }, "a linked item kept its partner")

        let lower = (0..<3_000).map { _ in (Int32.random(in: 0..<90_000, using: &random), Int32.random(in: 0..<90_000, using: &random)) }
        let reused = Self.sets(count: 90_000, links: lower, in: table)
        let fresh = Self.sets(count: 90_000, links: lower)
        let samePartners = Array(reused.partner.prefix(90_000)) == fresh.partner
        #expect(samePartners, "the partners differ from a fresh table's")
        #expect(reused.crowds == fresh.crowds && reused.crowdOwners == fresh.crowdOwners)
        #expect(Self.involved(reused) == Self.involved(fresh))
        // A table too small for a level is not used.
        #expect(Self.sets(count: 200_000, links: [(199_999, 0)], in: table).partner.count == 200_000)
    }
}
