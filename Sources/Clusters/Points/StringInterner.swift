/// Gives each distinct string a number, in the order first seen, looking strings up by their UTF-8
/// bytes: a string seen before costs a hash and a compare, no allocation (a property column of a
/// million points holds a handful of distinct values).
struct StringInterner {
    /// The distinct strings, by number.
    private(set) var strings: [String] = []
    private var stored: [[UInt8]] = []
    private var hashes: [UInt64] = []
    /// Open addressing: each slot holds a string's number, or -1.
    private var slots = [Int32](repeating: -1, count: 64)

    /// The number of the string whose UTF-8 bytes are `bytes`.
    mutating func number(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while true {
            let number = Int(slots[slot])
            if number < 0 { break }
            if hashes[number] == hash, stored[number].elementsEqual(bytes) { return number }
            slot = (slot + 1) & mask
        }
        let number = strings.count
        stored.append(Array(bytes))
        hashes.append(hash)
        strings.append(String(decoding: bytes, as: UTF8.self))
        slots[slot] = Int32(number)
        if strings.count * 2 > slots.count { grow() }
        return number
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (number, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number)
        }
    }
}
