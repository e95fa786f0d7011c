import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// How processes sharing a cache directory tell each other that its files changed behind their
/// backs (`cairn cache purge|clear|seed` beside a running server): a stamp, eight bytes in
/// `ROOT/.cairn-changes`, that the changer moves when it is done and every server reads (`pread`)
/// on each cache lookup. A server that sees it move forgets its memory tier at once (so a purged
/// tile is never a hit from memory) and re-counts the directory in the background (so its size
/// and LRU stay true).
///
/// Nothing maps the file: anyone may truncate, delete or replace it (or the disk may be too full
/// to hold its eight bytes), and a read then gets fewer bytes where a mapping would end the
/// process with SIGBUS.
public enum CacheChanges {
    static let fileName = ".cairn-changes"

    /// Moves the stamp of the cache at `root` (under an exclusive lock, so two changers never lose
    /// a move): one up from the stamp the file holds, or, when it holds none (new, truncated or
    /// replaced), a stamp from the clock, which no server can have seen before. Returns the new
    /// stamp, nil when the file cannot be written.
    @discardableResult
    public static func announce(root: String) -> UInt64? {
        let descriptor = open(root + "/" + fileName, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        flock(descriptor, LOCK_EX)
        defer { flock(descriptor, LOCK_UN) }
        var value = read(descriptor).map { $0 &+ 1 } ?? clockStamp
        let written = withUnsafeBytes(of: &value) { pwrite(descriptor, $0.baseAddress, 8, 0) }
        return written == 8 ? value : nil
    }

    /// Nanoseconds since 1970: a fresh stamp.
    private static var clockStamp: UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }

    /// The stamp in the open file `descriptor`, nil when it does not hold eight bytes.
    static func read(_ descriptor: Int32) -> UInt64? {
        var value: UInt64 = 0
        let count = withUnsafeMutableBytes(of: &value) { pread(descriptor, $0.baseAddress, 8, 0) }
        return count == 8 ? value : nil
    }
}

/// A server's view of ``CacheChanges``: the file kept open and its stamp read at each lookup (one
/// `pread`). At most once an `interval` the watch also checks that the path still names the file
/// it holds open; when the file was deleted or replaced it opens (or makes) the one there now, and
/// counts that as a change too.
final class CacheChangeWatch: Sendable {
    private struct State {
        /// The open file (-1 when it could not be opened: the stamp reads as absent until it can).
        var descriptor: Int32 = -1
        /// Device and inode of the open file.
        var identity: (device: UInt64, inode: UInt64) = (0, 0)
        /// The stamp last seen (nil: the file held none).
        var seen: UInt64?
        /// When the path was last compared with the open file (monotonic seconds).
        var checked = -Double.infinity
    }

    private let path: String
    private let interval: Double
    private let state: Mutex<State>

    /// Watches the stamp of the cache at `root`; `interval` is how often (seconds) the path is
    /// compared with the open file.
    init(root: String, interval: Double = 1) {
        path = root + "/" + CacheChanges.fileName
        self.interval = interval
        var initial = State()
        initial.checked = Self.now
        Self.open(path, into: &initial)
        initial.seen = initial.descriptor >= 0 ? CacheChanges.read(initial.descriptor) : nil
        state = Mutex(initial)
    }

    deinit {
        state.withLock { if $0.descriptor >= 0 { close($0.descriptor) } }
    }

    /// Takes `value` — the stamp this process just set itself — as seen, when nothing else moved
    /// it unseen before (then that change is still noticed).
    func adopt(_ value: UInt64) {
        state.withLock { state in
            if state.seen.map({ $0 &+ 1 }) == value { state.seen = value }
        }
    }

    /// True once for each time the stamp moved or the file was replaced (to whichever caller sees
    /// it first).
    func takeChange() -> Bool {
        let now = Self.now
        return state.withLock { state in
            var replaced = false
            if now - state.checked >= interval {
                state.checked = now
                if !Self.pathNamesOpenFile(path, state) {
                    if state.descriptor >= 0 { close(state.descriptor) }
                    Self.open(path, into: &state)
                    replaced = state.descriptor >= 0
                }
            }
            let current = state.descriptor >= 0 ? CacheChanges.read(state.descriptor) : nil
            defer { state.seen = current }
            return replaced || current != state.seen
        }
    }

    private static var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Opens (or makes, without writing to it) the file at `path` and records which it is.
    private static func open(_ path: String, into state: inout State) {
        state.descriptor = Glibc.open(path, O_RDONLY | O_CREAT | O_CLOEXEC, 0o644)
        var status = stat()
        if state.descriptor >= 0, fstat(state.descriptor, &status) == 0 {
            state.identity = (UInt64(status.st_dev), UInt64(status.st_ino))
        }
    }

    /// Whether `path` is the file `state` holds open (false when either is missing).
    private static func pathNamesOpenFile(_ path: String, _ state: State) -> Bool {
        var status = stat()
        return state.descriptor >= 0 && stat(path, &status) == 0
            && (UInt64(status.st_dev), UInt64(status.st_ino)) == state.identity
    }
}
