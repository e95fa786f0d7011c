import CPrefetch

/// Asks the caches, some turns ahead, for what a level's pass over its neighbour lists will read.
///
/// The pass takes the items in level order, which is not the order of space: at each turn it
/// reads the item's list, the tree entries the list names and their visited flags, each from a
/// scattered place, and would wait on memory for each in turn. Asked for early (the list
/// ``listDistance`` turns ahead, the entries it names ``entryDistance`` turns ahead, their flags
/// ``flagDistance`` turns ahead), they are fetched side by side while the pass works. Only hints:
/// what the pass reads does not change.
struct ListPrefetch {
    static let listDistance = 48
    static let entryDistance = 24
    static let flagDistance = 8

    let lists: NeighbourLists.Reader
    let entries: UnsafeBufferPointer<KDEntry>
    /// Per level index, as the pass marks the items it has visited.
    let flags: UnsafeMutableBufferPointer<Bool>

    /// Asks for what the turns after item `item` (a level index) will read; `isPassed` tells
    /// which items the pass takes turns for (another part's items are skipped).
    @inline(__always)
    func ahead(of item: Int, isPassed: (Int) -> Bool = { _ in true }) {
        let count = lists.starts.count
        let listItem = item + Self.listDistance
        if listItem < count, isPassed(listItem) {
            let start = Int(lists.starts[listItem])
            if start >= 0 { cairn_prefetch(lists.ids.baseAddress! + start) }
        }
        let entryItem = item + Self.entryDistance
        if entryItem < count, isPassed(entryItem), let list = lists.neighbours(of: entryItem) {
            for position in list { cairn_prefetch(entries.baseAddress! + Int(position)) }
        }
        let flagItem = item + Self.flagDistance
        if flagItem < count, isPassed(flagItem), let list = lists.neighbours(of: flagItem) {
            for position in list { cairn_prefetch(flags.baseAddress! + Int(entries[Int(position)].index)) }
        }
    }
}
