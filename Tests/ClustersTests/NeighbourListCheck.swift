import Testing
@testable import Clusters

/// Holds every item's neighbour list to kdbush's search: the list must be what `within` finds
/// around the item's exact position, in its order, and an item is alone exactly when the search
/// finds only itself. More than `fewestWithNeighbours` items must have neighbours, so that the
/// check checks something.
func expectListsAreSearches(_ lists: NeighbourLists, tree: KDTree, exact: ExactCoordinates, radius: Double,
                            fewestWithNeighbours: Int, context: String) {
    var positionOf = [Int](repeating: 0, count: tree.count)
    for (position, entry) in tree.entries.enumerated() { positionOf[Int(entry.index)] = position }
    var found: [Int32] = []
    var stack = KDStack()
    var mismatches = 0
    var withNeighbours = 0
    for index in 0..<tree.count {
        let (x, y) = exact.of(tree.entries[positionOf[index]])
        tree.within(x, y, radius, into: &found, stack: &stack)
        let actual = lists.withReader { $0.neighbours(of: index).map(Array.init) } ?? [Int32(positionOf[index])]
        if found.count > 1 { withNeighbours += 1 }
        if actual != found {
            mismatches += 1
            if mismatches <= 3 { Issue.record("\(context): item \(index): \(actual) instead of \(found)") }
        }
    }
    #expect(mismatches == 0, "\(context): \(mismatches) lists differ")
    #expect(withNeighbours > fewestWithNeighbours, "\(context): only \(withNeighbours) items have neighbours")
}
