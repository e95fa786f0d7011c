/// A reusable, growable block of raw memory for encoder working space.
final class ScratchBuffer {
    private(set) var base: UnsafeMutableRawPointer?
    private(set) var capacity = 0

    deinit { base?.deallocate() }

    /// At least `count` bytes (contents unspecified), 64-byte aligned.
    func bytes(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        if count > capacity || base == nil {
            base?.deallocate()
            capacity = max(count, 64)
            base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 64)
        }
        return base!.assumingMemoryBound(to: UInt8.self)
    }

    /// Frees the memory when it has grown beyond `limit` bytes, so a pooled buffer does not pin a huge image's worth.
    func trim(above limit: Int) {
        guard capacity > limit else { return }
        base?.deallocate()
        base = nil
        capacity = 0
    }
}
