/// Keys in least- to most-recently-used order, with O(1) touch, insert, remove and oldest — the
/// bookkeeping both caches share (a doubly linked list threaded through arrays, plus a dictionary).
struct LRUList<Key: Hashable> {
    private var slots: [Key: Int] = [:]
    private var keys: [Key?] = []
    private var previous: [Int] = []
    private var next: [Int] = []
    private var free: [Int] = []
    private var head = -1  // least recently used
    private var tail = -1  // most recently used

    var count: Int { slots.count }

    func contains(_ key: Key) -> Bool { slots[key] != nil }

    /// The least recently used key.
    var oldest: Key? { head < 0 ? nil : keys[head] }

    /// Marks `key` most recently used, adding it when new.
    mutating func touch(_ key: Key) {
        if let slot = slots[key] {
            unlink(slot)
            append(slot)
            return
        }
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            keys[slot] = key
        } else {
            slot = keys.count
            keys.append(key)
            previous.append(-1)
            next.append(-1)
        }
        slots[key] = slot
        append(slot)
    }

    mutating func remove(_ key: Key) {
        guard let slot = slots.removeValue(forKey: key) else { return }
        unlink(slot)
        keys[slot] = nil
        free.append(slot)
    }

    private mutating func append(_ slot: Int) {
        previous[slot] = tail
        next[slot] = -1
        if tail >= 0 { next[tail] = slot } else { head = slot }
        tail = slot
    }

    private mutating func unlink(_ slot: Int) {
        let before = previous[slot], after = next[slot]
        if before >= 0 { next[before] = after } else { head = after }
        if after >= 0 { previous[after] = before } else { tail = before }
    }
}
