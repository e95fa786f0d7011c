/// A binary min-heap of level indexes, each held at most once: the items whose turn a split
/// level pass settles again, taken in level order.
struct IndexHeap {
    private var items: [Int32] = []
    private var held: Set<Int32> = []

    var isEmpty: Bool { items.isEmpty }

    /// Adds `index` unless it is held already.
    mutating func insert(_ index: Int32) {
        guard held.insert(index).inserted else { return }
        items.append(index)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child] < items[parent] else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    /// Takes the smallest index out.
    mutating func popMin() -> Int32? {
        guard let smallest = items.first else { return nil }
        held.remove(smallest)
        let last = items.removeLast()
        guard !items.isEmpty else { return smallest }
        items[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var least = parent
            if left < items.count && items[left] < items[least] { least = left }
            if right < items.count && items[right] < items[least] { least = right }
            guard least != parent else { return smallest }
            items.swapAt(parent, least)
            parent = least
        }
    }
}
