/// A layer's `keys` or `values` table: each distinct element once, numbered in the order first
/// met. A small table is searched from end to end, which is quicker than hashing for the handful
/// of keys a layer usually has; a larger one through an open-addressing hash table of element
/// numbers, with `VectorTileTableHashable`'s quick hash rather than `Hasher`'s SipHash, whose fixed
/// cost per value was the larger part of encoding a tile. The numbering never depends on hashes.
struct VectorTileTable<Element: VectorTileTableHashable> {
    private(set) var elements: [Element] = []
    /// Element number + 1 at each slot, 0 for an empty slot; empty until `linearLimit` is passed.
    private var slots: [UInt32] = []
    /// 64 − log₂(slots.count): how far a hash is shifted to give its first slot.
    private var shift = 64
    private static var linearLimit: Int { 16 }

    /// Empties the table, keeping its storage.
    mutating func removeAll() {
        elements.removeAll(keepingCapacity: true)
        slots.removeAll(keepingCapacity: true)
        shift = 64
    }

    /// The number of `element`, which is added when it is new.
    mutating func index(of element: Element) -> UInt32 {
        if slots.isEmpty {
            if let position = elements.firstIndex(of: element) { return UInt32(position) }
            elements.append(element)
            if elements.count > Self.linearLimit { rehash(capacity: 4 * Self.linearLimit) }
            return UInt32(elements.count - 1)
        }
        var slot = firstSlot(element.tableHash)
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            if elements[Int(entry - 1)] == element { return entry - 1 }
            slot = (slot + 1) & (slots.count - 1)
        }
        elements.append(element)
        slots[slot] = UInt32(elements.count)
        if 2 * elements.count > slots.count { rehash(capacity: 2 * slots.count) }
        return UInt32(elements.count - 1)
    }

    /// Fibonacci hashing: the top bits of the hash times 2⁶⁴/φ.
    private func firstSlot(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    /// Rebuilds the slots for `capacity` (a power of two) slots.
    private mutating func rehash(capacity: Int) {
        slots = [UInt32](repeating: 0, count: capacity)
        shift = 64 - capacity.trailingZeroBitCount
        for (position, element) in elements.enumerated() {
            var slot = firstSlot(element.tableHash)
            while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = UInt32(position + 1)
        }
    }
}

/// An element of a `VectorTileTable`: equal elements have equal `tableHash`es.
protocol VectorTileTableHashable: Equatable {
    /// A quick hash, good enough to spread one tile's keys or values over a table. It is not
    /// seeded: crafted data could make one tile's encoding slower, never different.
    var tableHash: UInt64 { get }
}

extension String: VectorTileTableHashable {
    /// Eight UTF-8 bytes at a time, each word mixed in by a multiply and a shift.
    var tableHash: UInt64 {
        if let hash = utf8.withContiguousStorageIfAvailable(Self.hash) { return hash }
        return Self.hash(Array(utf8).withUnsafeBufferPointer { $0 })
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let raw = UnsafeRawBufferPointer(bytes)
        var hash = UInt64(bytes.count) &* 0xFF51_AFD7_ED55_8CCD
        var offset = 0
        while offset + 8 <= raw.count {
            hash = vectorTileMix(hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        if offset < raw.count {
            var tail: UInt64 = 0
            for byte in raw[offset...].reversed() { tail = tail << 8 | UInt64(byte) }
            hash = vectorTileMix(hash ^ tail)
        }
        return hash
    }
}

/// Mixes `value`'s bits so that each affects the high bits.
func vectorTileMix(_ value: UInt64) -> UInt64 {
    let mixed = (value ^ (value >> 32)) &* 0xC4CE_B9FE_1A85_EC53
    return mixed ^ (mixed >> 29)
}
