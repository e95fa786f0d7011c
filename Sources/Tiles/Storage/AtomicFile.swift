import Foundation
import Synchronization

/// Whole-or-nothing file writes: the bytes go to a temporary file in the same directory, which is
/// renamed into place, so a reader never sees half a file. A path that exists and is not a regular
/// file (`/dev/null`, a FIFO) is written in place, since renaming over it would replace it.
///
/// The temporaries being written are tracked, so that on Ctrl-C a command can stop new writes, let
/// the running ones finish and remove any left (``stopNewWrites()``, ``hasWritesInFlight``, ``removeInFlight()``).
public enum AtomicFile {
    private struct State {
        var stopped = false
        var inFlight: Set<String> = []
    }

    private static let state = Mutex(State())

    /// Writes `bytes` to `path`; errors name the path.
    public static func write(_ bytes: [UInt8], to path: String) throws(StorageError) {
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
            guard (status.st_mode & S_IFMT) != S_IFDIR else { throw StorageError("\(path): is a directory") }
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw failure(path) }
            defer { close(fd) }
            guard writeAll(bytes, to: fd) else { throw failure(path) }
            return
        }
        try replace(path, with: bytes)
    }

    /// Writes `bytes` to `path` through a temporary renamed over it, without first looking at what
    /// is there: for files only Cairn keeps (its cache), where no FIFO or device can be.
    public static func replace(_ path: String, with bytes: [UInt8]) throws(StorageError) {
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
        let directory = slash.map { String(path[..<$0]) + "/" } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = directory + ".\(name).tmp-\(processID)-\(UInt32.random(in: 0...UInt32.max))"
        let accepted = state.withLock { current -> Bool in
            guard !current.stopped else { return false }
            current.inFlight.insert(temporary)
            return true
        }
        guard accepted else { throw StorageError("\(path): interrupted") }
        defer { _ = state.withLock { $0.inFlight.remove(temporary) } }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(path) }
        let written = writeAll(bytes, to: fd)
        let writeErrno = errno
        guard written, close(fd) == 0 else {
            let error = failure(path, code: written ? errno : writeErrno)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let error = failure(path)
            unlink(temporary)
            throw error
        }
    }

    /// Writes every byte to a file descriptor, retrying short writes and EINTR.
    public static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer -> Bool in
            var written = 0
            while written < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                written += n
            }
            return true
        }
    }

    /// Refuses every write from now on (they throw "interrupted").
    public static func stopNewWrites() { state.withLock { $0.stopped = true } }

    /// True while temporaries are being written.
    public static var hasWritesInFlight: Bool { state.withLock { !$0.inFlight.isEmpty } }

    /// Removes the temporaries still being written (after a grace period for them to finish).
    public static func removeInFlight() {
        state.withLock { current in
            for path in current.inFlight { unlink(path) }
            current.inFlight.removeAll()
        }
    }

    /// The error of a system call that failed on `path` (by default the one that just did): its
    /// words and its `errno`.
    private static func failure(_ path: String, code: Int32 = errno) -> StorageError {
        StorageError("\(path): \(String(cString: strerror(code)))", code: code)
    }

    private static let processID = getpid()
}
