import Clusters
import Foundation

/// A dataset file read only once it has stopped changing, so a file being written (copied in,
/// appended to, written in place by an export) is never served half-written: its stamp (size,
/// modification time, inode) must agree at two looks `interval` apart before it is read, and is
/// looked at again after the read, which is done again (its result or error thrown away) when the
/// file changed meanwhile.
struct SettledFile {
    let path: String
    /// The pause between the two looks that must agree.
    var interval: Duration = .milliseconds(100)
    /// How long a file may go on changing before the read fails (and is tried again when the
    /// file is next seen to change).
    var patience: Duration = .seconds(30)

    /// Calls `read` on the settled file and returns what it returns; `settled` hears the stamp of
    /// each version about to be read. Throws `read`'s errors, and `.unreadable` when the file was
    /// still changing after `patience`.
    func read<Result>(settled: (FileStamp?) -> Void, _ read: () async throws(PointReadError) -> Result) async throws(PointReadError) -> Result {
        let clock = ContinuousClock()
        let deadline = clock.now + patience
        var stamp = FileStamp(path: path)
        while true {
            try? await Task.sleep(for: interval)
            let again = FileStamp(path: path)
            guard again == stamp || Task.isCancelled else {
                stamp = again
                guard clock.now < deadline else { throw stillChanging }
                continue
            }
            settled(stamp)
            let outcome: Swift.Result<Result, PointReadError>
            do { outcome = .success(try await read()) } catch { outcome = .failure(error) }
            let after = FileStamp(path: path)
            if after == stamp || Task.isCancelled { return try outcome.get() }
            stamp = after  // changed while it was read (whatever the read made of it): settle and read again
            guard clock.now < deadline else { throw stillChanging }
        }
    }

    private var stillChanging: PointReadError {
        .unreadable(path: path, reason: "still being written (its size or modification time changed at every look "
                    + "\(interval) apart for \(patience)); it is read once it settles")
    }
}

/// A file's size, modification time (to the nanosecond) and inode: a write, an append or a
/// replacement by rename changes it.
struct FileStamp: Equatable, Sendable {
    let size: Int64
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int
    let inode: UInt64

    /// The stamp of the file at `path`; nil when there is none (or for standard input, `-`).
    init?(path: String) {
        var status = stat()
        guard path != "-", stat(path, &status) == 0 else { return nil }
        size = Int64(status.st_size)
        modifiedSeconds = Int(status.st_mtim.tv_sec)
        modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
        inode = UInt64(status.st_ino)
    }

    /// The stamp of a file dataset's file; nil for other sources.
    init?(_ source: ServerConfig.Dataset.Source) {
        guard case .file(let path, _) = source else { return nil }
        self.init(path: path)
    }
}
