/// Each item's neighbours at one zoom other than itself, by level index and in no particular
/// order, as ``SparseNeighbours/neighbourSets(order:zoom:radius:exact:x:y:mostCrowds:)`` finds them without
/// the level's tree. At the top of an index nearly every item has none or one; the few with two or
/// more (``crowds``) are the only ones whose search order clustering needs.
///
/// Only the items linked are written: the table of partners is all `-1` when it comes in, and is
/// made all `-1` again by ``recycled()`` for the next level, so that a level of a million items
/// with a few dozen pairs costs a few dozen writes, not a table.
struct NeighbourSets {
    /// Per level index (and beyond the level's items, unused): -1 when the item is alone, its one
    /// neighbour, or `-2 - k` when it has `crowds[k]`.
    private(set) var partner: [Int32]
    /// The neighbours of each item that has two or more.
    private(set) var crowds: [[Int32]] = []
    /// The owner (level index) of each of ``crowds``.
    private(set) var crowdOwners: [Int32] = []
    /// One bit per level index: whether the item has a neighbour or is one.
    private var involved: [UInt64]

    /// Sets for `count` items, in `table` (all -1, as ``recycled()`` gives it back) when it is
    /// large enough.
    init(count: Int, in table: consuming [Int32] = []) {
        partner = table.count >= count ? table : [Int32](repeating: -1, count: count)
        involved = [UInt64](repeating: 0, count: (count + 63) / 64)
    }

    /// The table of partners, all -1 again, for another level's sets.
    consuming func recycled() -> [Int32] {
        var table: [Int32] = []
        swap(&table, &partner)
        forEachInvolved { table[$0] = -1 }
        return table
    }

    /// Notes that `b` is a neighbour of `a` (in `a`'s list; the lists need not be symmetric).
    @inline(__always)
    mutating func link(_ a: Int32, _ b: Int32) {
        involved[Int(a) >> 6] |= 1 << UInt64(a & 63)
        involved[Int(b) >> 6] |= 1 << UInt64(b & 63)
        let p = partner[Int(a)]
        if p == -1 {
            partner[Int(a)] = b
        } else if p >= 0 {
            guard p != b else { return }
            partner[Int(a)] = -2 - Int32(truncatingIfNeeded: crowds.count)
            crowds.append([p, b])
            crowdOwners.append(a)
        } else if !crowds[Int(-2 - p)].contains(b) {
            crowds[Int(-2 - p)].append(b)
        }
    }

    /// Calls `body` with every level index that has a neighbour or is one, ascending: the only
    /// items a level's pass does more with than pass them on.
    func forEachInvolved(_ body: (Int) -> Void) {
        for (w, word) in involved.enumerated() where word != 0 {
            var bits = word
            while bits != 0 {
                body(w << 6 | bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
    }

    /// Whether item `index` has a neighbour or is one.
    @inline(__always)
    func isInvolved(_ index: Int) -> Bool { involved[index >> 6] & (1 << UInt64(index & 63)) != 0 }

    /// How many items are involved before each word of 64 level indexes, and in all (the last
    /// entry): tables of just the involved items are indexed by ``involvedNumber(of:before:)``.
    func involvedBefore() -> [Int32] {
        var before = [Int32](repeating: 0, count: involved.count + 1)
        for (w, word) in involved.enumerated() { before[w + 1] = before[w] &+ Int32(truncatingIfNeeded: word.nonzeroBitCount) }
        return before
    }

    /// The number of item `index`, which is involved, among the involved items in level order;
    /// `before` is ``involvedBefore()``.
    @inline(__always)
    func involvedNumber(of index: Int, before: [Int32]) -> Int {
        Int(before[index >> 6]) + (involved[index >> 6] & (1 << UInt64(index & 63) &- 1)).nonzeroBitCount
    }

    /// Whether every item has at most one neighbour.
    var single: Bool { crowds.isEmpty }

    /// The number of items in crowds, owners included (some counted twice).
    var crowdedItems: Int { crowds.reduce(crowds.count) { $0 + $1.count } }
}
