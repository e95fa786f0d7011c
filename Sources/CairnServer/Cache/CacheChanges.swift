import Glibc
import Synchronization

/// How processes sharing a cache directory tell each other that its files changed behind their
/// backs (`cairn cache purge|clear|seed` beside a running server): a counter, eight bytes in
/// `ROOT/.cairn-changes`, that the changer bumps when it is done and every server maps into memory
/// and reads on each cache lookup — one load, no system call. A server that sees it move forgets
/// its memory tier at once (so a purged tile is never a hit from memory) and re-counts the
/// directory in the background (so its size and LRU stay true).
public enum CacheChanges {
    static let fileName = ".cairn-changes"

    /// Bumps the counter of the cache at `root` (under an exclusive lock, so two changers never
    /// lose a bump); returns the new value, nil when the file cannot be written.
    @discardableResult
    public static func announce(root: String) -> UInt64? {
        let descriptor = open(root + "/" + fileName, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        flock(descriptor, LOCK_EX)
        defer { flock(descriptor, LOCK_UN) }
        var value: UInt64 = 0
        _ = withUnsafeMutableBytes(of: &value) { pread(descriptor, $0.baseAddress, 8, 0) }
        value &+= 1
        let written = withUnsafeBytes(of: &value) { pwrite(descriptor, $0.baseAddress, 8, 0) }
        return written == 8 ? value : nil
    }
}

/// A server's view of ``CacheChanges``: the counter mapped read-only.
final class CacheChangeWatch: Sendable {
    /// The mapped counter's address (0 when the file could not be mapped: changes go unseen).
    private let address: Int
    private let seen: Atomic<UInt64>

    init(root: String) {
        let descriptor = open(root + "/" + CacheChanges.fileName, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        var mapped = 0
        if descriptor >= 0 {
            var status = stat()
            if fstat(descriptor, &status) == 0, status.st_size < 8 { _ = ftruncate(descriptor, 8) }
            let memory = mmap(nil, 8, PROT_READ, MAP_SHARED, descriptor, 0)
            if let memory, memory != MAP_FAILED { mapped = Int(bitPattern: memory) }
            close(descriptor)
        }
        address = mapped
        seen = Atomic(address == 0 ? 0 : UnsafeRawPointer(bitPattern: address)!.load(as: UInt64.self))
    }

    deinit {
        if let pointer = UnsafeMutableRawPointer(bitPattern: address) { munmap(pointer, 8) }
    }

    /// The counter now.
    private var current: UInt64 {
        guard let pointer = UnsafeRawPointer(bitPattern: address) else { return 0 }
        return pointer.load(as: UInt64.self)
    }

    /// Takes `value` — the counter this process just bumped itself — as seen, when nothing else
    /// moved it unseen before (then that change is still noticed).
    func adopt(_ value: UInt64) {
        _ = seen.compareExchange(expected: value &- 1, desired: value, ordering: .acquiringAndReleasing)
    }

    /// True once for each time the counter moved (to whichever caller sees it first).
    func takeChange() -> Bool {
        let now = current, last = seen.load(ordering: .acquiring)
        guard now != last else { return false }
        return seen.compareExchange(expected: last, desired: now, ordering: .acquiringAndReleasing).exchanged
    }
}
