#if os(Linux)
import CMalloc
#endif

/// Memory the process freed but glibc's allocator still holds, given back to the system.
enum FreedMemory {
    /// Returns the free pages of the allocator's heaps to the system (`malloc_trim`): after a
    /// dataset's index is built and the one it replaces let go, the build's scratch arrays (below
    /// the mapping threshold, so on the heap) would otherwise stay resident — 17 MB after indexing
    /// 500 000 points. A few milliseconds; nothing elsewhere than on Linux.
    static func giveBack() {
        #if os(Linux)
        malloc_trim(0)
        #endif
    }
}
