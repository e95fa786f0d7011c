/// Item handles packed at 3 bytes each while every handle is below 2^24 (an index of up to 16
/// million items: points and clusters), else at 4: the 18 levels of a million points hold 10
/// million handles, 30 MB instead of 40.
struct PackedHandles: Sendable {
    /// The handles, `width` bytes each, little-endian, and 3 more bytes so that every handle can
    /// be read as a 4-byte word.
    private let bytes: [UInt8]
    private let width: Int
    let count: Int

    /// Packs `count` handles given by `handle(i)`, each below `bound`.
    init(count: Int, bound: Int, _ handle: (Int) -> Int32) {
        self.count = count
        let width = bound <= 1 << 24 ? 3 : 4
        self.width = width
        bytes = [UInt8](unsafeUninitializedCapacity: count * width + 3) { buffer, initialized in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            // Each 4-byte store spills one byte into the next handle's place, which that handle's
            // store (or the zeroed tail) then overwrites.
            for i in 0..<count {
                raw.storeBytes(of: UInt32(bitPattern: handle(i)).littleEndian, toByteOffset: i * width, as: UInt32.self)
            }
            for tail in (count * width)..<(count * width + 3) { buffer[tail] = 0 }
            initialized = count * width + 3
        }
    }

    /// Calls `body` with a reader of the handles.
    @inline(__always)
    func withReader<Result>(_ body: (Reader) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBytes { try body(Reader(bytes: $0, width: width)) }
    }

    /// Handle `i`.
    subscript(i: Int) -> Int32 { withReader { $0[i] } }

    /// Bytes held.
    var byteCount: Int { bytes.count }

    struct Reader {
        let bytes: UnsafeRawBufferPointer
        let width: Int

        @inline(__always)
        subscript(i: Int) -> Int32 {
            let word = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: i * width, as: UInt32.self))
            return Int32(bitPattern: width == 3 ? word & 0xFF_FFFF : word)
        }
    }
}
