/// Each item's neighbours at one zoom other than itself, by level index and in no particular
/// order, as ``SparseNeighbours/neighbourSets(order:zoom:radius:exact:x:y:)`` finds them without
/// the level's tree. At the top of an index nearly every item has none or one; the few with two or
/// more (``crowds``) are the only ones whose search order clustering needs.
struct NeighbourSets {
    /// Per level index: -1 when the item is alone, its one neighbour, or `-2 - k` when it has
    /// `crowds[k]`.
    private(set) var partner: [Int32]
    /// The neighbours of each item that has two or more.
    private(set) var crowds: [[Int32]] = []
    /// The owner (level index) of each of ``crowds``.
    private(set) var crowdOwners: [Int32] = []

    init(count: Int) {
        partner = [Int32](repeating: -1, count: count)
    }

    /// Notes that `b` is a neighbour of `a` (in `a`'s list; the lists need not be symmetric).
    @inline(__always)
    mutating func link(_ a: Int32, _ b: Int32) {
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

    /// Whether every item has at most one neighbour.
    var single: Bool { crowds.isEmpty }

    /// The number of items in crowds, owners included (some counted twice).
    var crowdedItems: Int { crowds.reduce(crowds.count) { $0 + $1.count } }
}
