#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The pages of a file mapped for reading, kept resident only around where a reader is: the
/// window ahead is faulted in at once (as `MAP_POPULATE` would the whole file), and what has been
/// read is let go (`MADV_DONTNEED`), so reading a 130 MB GeoJSON file does not count 130 MB in the
/// process's memory. A page let go and touched again (a message about an earlier line) is read
/// back from the page cache.
struct MappedPages {
    private let base: UnsafeMutableRawPointer
    private let size: Int
    /// Let go in steps of this many bytes.
    static let window = 8 << 20
    private var released = 0
    private var populated = 0

    init(base: UnsafeMutableRawPointer, size: Int) {
        self.base = base
        self.size = size
        populate(through: Self.window * 2)
    }

    /// The reader has got past `offset`: lets go of the whole windows behind it and faults in the
    /// next ones. Cheap when nothing is due.
    @inline(__always)
    mutating func consumed(_ offset: Int) {
        guard offset >= released + Self.window else { return }
        release(upTo: offset)
    }

    private mutating func release(upTo offset: Int) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let end = offset / page * page
        if end > released {
            _ = madvise(base + released, end - released, MADV_DONTNEED)
            released = end
        }
        populate(through: offset + Self.window * 2)
    }

    private mutating func populate(through offset: Int) {
        let end = min(size, offset)
        guard end > populated else { return }
        #if os(Linux)
        // MADV_POPULATE_READ (Linux 5.14); older kernels refuse it and the pages fault in one by one.
        _ = madvise(base + populated, end - populated, 22)
        #endif
        populated = end
    }
}
