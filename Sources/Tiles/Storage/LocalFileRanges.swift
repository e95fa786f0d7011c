import Foundation

/// Byte ranges of a local file, read with `pread` (never mapped: a file cut short while it is open
/// is an error, not a SIGBUS). Safe to use from several threads at once.
public final class LocalFileRanges: ByteRangeReader {
    public let path: String
    private let descriptor: Int32

    /// Opens `path` for reading; throws (`.io`) when it cannot be opened or is not a regular file.
    public init(path: String) throws(PMTilesError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw PMTilesError("\(path): \(String(cString: strerror(errno)))", kind: .io) }
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw PMTilesError("\(path): not a regular file", kind: .io)
        }
        self.path = path
        descriptor = fd
    }

    deinit { close(descriptor) }

    public func read(offset: UInt64, length: Int) throws(PMTilesError) -> [UInt8] {
        guard length > 0 else { return [] }
        guard offset < UInt64(Int64.max) - UInt64(length) else { throw PMTilesError("offset \(offset) is past the end of the file") }
        var bytes = [UInt8](repeating: 0, count: length)
        var done = 0
        var failure: Int32 = 0
        bytes.withUnsafeMutableBytes { buffer in
            while done < length {
                let n = pread(descriptor, buffer.baseAddress! + done, length - done, off_t(offset) + off_t(done))
                if n < 0 && errno == EINTR { continue }
                if n < 0 { failure = errno; return }
                if n == 0 { return }
                done += n
            }
        }
        if failure != 0 { throw PMTilesError("\(path): \(String(cString: strerror(failure)))", kind: .io) }
        guard done == length else {
            throw PMTilesError("truncated: \(length) bytes at \(offset) asked, the file ends at \(offset + UInt64(done))")
        }
        return bytes
    }

    /// The file's size now.
    public var size: UInt64 {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? UInt64(status.st_size) : 0
    }
}
