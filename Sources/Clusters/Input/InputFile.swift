#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Gives the bytes of a whole file, or of standard input for `-`, read into memory: the readers
/// take the text as one buffer (a message about a bad record counts lines from the start, a single
/// GeoJSON Feature is read from its members wherever they are). Read, not mapped: a file another
/// program truncates while it is read is a shorter text, never a SIGBUS.
enum InputFile {
    /// The name standard input goes by in messages.
    static let standardInputName = "<stdin>"

    /// Calls `body` with the bytes of the file at `path`, or of standard input when `path` is `-`.
    static func withBytes<Result>(
        atPath path: String, _ body: (UnsafeRawBufferPointer) throws(PointReadError) -> Result
    ) throws(PointReadError) -> Result {
        let bytes: [UInt8]
        if path == "-" {
            bytes = try readAll(from: 0, name: standardInputName, sizeHint: 0)
        } else {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw failure(path) }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { throw failure(path) }
            bytes = try readAll(from: descriptor, name: path, sizeHint: status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : 0)
        }
        return try bytes.withUnsafeBytes { buffer in
            Swift.Result { () throws(PointReadError) in try body(buffer) }
        }.get()
    }

    /// Reads until the end of the file. `sizeHint` is the size it had when opened (0 if unknown): one
    /// buffer of that size and a byte more (to see the end), filled by large reads; a file that grew
    /// meanwhile, or a pipe, is read on in chunks of what it has given so far.
    private static func readAll(from descriptor: Int32, name: String, sizeHint: Int) throws(PointReadError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunkSize = max(sizeHint + 1, 1 << 16)
        while true {
            let chunk = try readChunk(of: chunkSize, from: descriptor, name: name)
            if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
            if chunk.count < chunkSize { return bytes }
            chunkSize = bytes.count
        }
    }

    /// Reads `size` bytes, fewer only at the end of the file.
    private static func readChunk(of size: Int, from descriptor: Int32, name: String) throws(PointReadError) -> [UInt8] {
        var error: PointReadError?
        let chunk = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size {
                let received = read(descriptor, buffer.baseAddress! + count, size - count)
                if received > 0 {
                    count += received
                } else if received == 0 {
                    break
                } else if errno != EINTR {
                    error = failure(name)
                    break
                }
            }
        }
        if let error { throw error }
        return chunk
    }

    private static func failure(_ name: String) -> PointReadError {
        .unreadable(path: name, reason: String(cString: strerror(errno)))
    }
}
