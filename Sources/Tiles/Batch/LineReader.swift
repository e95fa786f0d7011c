import Foundation

/// Lines of a file, a pipe, a FIFO or stdin, read with `getline`, without their newline, as byte
/// buffers valid until the next call. Only one line is held at a time.
///
/// A regular file can be read again from where it was opened (``rewind()``); anything else (a
/// pipe, a FIFO, a terminal, a socket) is a stream and can be read only once.
final class LineReader {
    /// Reading failed (not the end of the file): the `errno` it gave.
    struct Failure: Error {
        let code: Int32
        /// `no such file or directory`.
        var reason: String { String(cString: strerror(code)).lowercased() }
    }

    private let file: UnsafeMutablePointer<FILE>
    private var buffer: UnsafeMutablePointer<CChar>?
    private var capacity = 0
    private let start: off_t
    /// True for a regular file, false for a stream that can be read only once.
    let isRegularFile: Bool
    private(set) var lineNumber = 0

    /// Opens `path`, or stdin for `-` (a FIFO waits here for its writer).
    init(path: String) throws(Failure) {
        let descriptor = path == "-" ? dup(STDIN_FILENO) : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(code: errno) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw Failure(code: code)
        }
        guard status.st_mode & S_IFMT != S_IFDIR else {
            close(descriptor)
            throw Failure(code: EISDIR)
        }
        guard let file = fdopen(descriptor, "r") else {
            let code = errno
            close(descriptor)
            throw Failure(code: code)
        }
        self.file = file
        isRegularFile = status.st_mode & S_IFMT == S_IFREG
        start = isRegularFile ? max(0, ftello(file)) : 0
    }

    /// The next line, nil at the end of the input.
    func next() throws(Failure) -> UnsafeBufferPointer<UInt8>? {
        let length = getline(&buffer, &capacity, file)
        guard length >= 0, let buffer else {
            if ferror(file) != 0 { throw Failure(code: errno) }
            return nil
        }
        lineNumber += 1
        var end = length
        if end > 0 && buffer[end - 1] == 0x0A { end -= 1 }
        return UnsafeBufferPointer(start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: end)
    }

    /// Goes back to where a regular file was opened, for another pass. A stream cannot.
    func rewind() {
        precondition(isRegularFile, "a stream can be read only once")
        fseeko(file, start, SEEK_SET)
        clearerr(file)
        lineNumber = 0
    }

    deinit {
        fclose(file)
        free(buffer)
    }
}
