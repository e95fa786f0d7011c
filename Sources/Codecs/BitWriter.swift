/// Writes a deflate bit stream (least significant bit first) through a 64-bit buffer into
/// preallocated memory.
///
/// Every ``write(_:bits:)`` stores all eight buffer bytes unaligned at the cursor and advances the
/// cursor by the whole bytes completed, so at most 7 bits stay pending and there is no branch per
/// write. The caller must leave 8 bytes of slack after the furthest byte the stream can reach, and
/// write at most 56 bits at a time with `value` already masked to `bits` bits.
struct BitWriter {
    /// The next byte to complete (already holding the pending bits).
    private(set) var cursor: UnsafeMutablePointer<UInt8>
    private var buffer: UInt64 = 0
    private var pending: UInt64 = 0

    init(_ start: UnsafeMutablePointer<UInt8>) { cursor = start }

    @inline(__always)
    mutating func write(_ value: UInt64, bits: UInt64) {
        buffer |= value &<< pending
        pending &+= bits
        UnsafeMutableRawPointer(cursor).storeBytes(of: buffer.littleEndian, as: UInt64.self)
        let whole = pending &>> 3
        cursor += Int(truncatingIfNeeded: whole)
        buffer = buffer &>> (whole &<< 3)
        pending &= 7
    }

    /// Pads the pending bits with zeros to a byte boundary (the partial byte is already in memory).
    mutating func alignToByte() {
        if pending > 0 { write(0, bits: 8 &- pending) }
    }

    /// Copies `count` bytes at the (byte-aligned) cursor.
    mutating func copy(_ source: UnsafePointer<UInt8>, count: Int) {
        precondition(pending == 0, "BitWriter.copy needs a byte-aligned stream")
        cursor.update(from: source, count: count)
        cursor += count
    }

    /// The bytes written so far, counting a partially filled last byte.
    func count(from start: UnsafeMutablePointer<UInt8>) -> Int { cursor - start + (pending > 0 ? 1 : 0) }
}
