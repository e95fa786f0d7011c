import Foundation

/// Lines of a file, a pipe, a FIFO or stdin, without their newline, as byte buffers valid until
/// the next call. Only one line (and what a read brought in after it) is held at a time.
///
/// A regular file can be read again from where it was opened (``rewind()``); anything else (a
/// pipe, a FIFO, a terminal, a socket) is a stream and can be read only once. A stream's reader
/// waits for input and for ``stop()`` at once, so a producer that stays silent cannot keep it
/// waiting once the job is told to stop.
final class LineReader {
    /// Reading failed (not the end of the file): the `errno` it gave.
    struct Failure: Error {
        let code: Int32
        /// `no such file or directory`.
        var reason: String { String(cString: strerror(code)).lowercased() }
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// Where the unread bytes of `buffer` start.
    private var consumed = 0
    private var atEnd = false
    private let start: off_t
    /// Written to by ``stop()``: a stream's reads wait on it beside the input.
    private let wake: (read: Int32, write: Int32)
    /// True for a regular file, false for a stream that can be read only once.
    let isRegularFile: Bool
    private(set) var lineNumber = 0

    private static let readSize = 1 << 16

    /// Opens `path`, or stdin for `-` (a FIFO waits here for its writer).
    init(path: String) throws(Failure) {
        let descriptor = path == "-" ? fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0) : open(path, O_RDONLY | O_CLOEXEC)
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
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            let code = errno
            close(descriptor)
            throw Failure(code: code)
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
        self.descriptor = descriptor
        wake = (ends[0], ends[1])
        isRegularFile = status.st_mode & S_IFMT == S_IFREG
        start = isRegularFile ? max(0, lseek(descriptor, 0, SEEK_CUR)) : 0
    }

    /// The next line, nil at the end of the input or once ``stop()`` was called.
    func next() throws(Failure) -> UnsafeBufferPointer<UInt8>? {
        while true {
            if let newline = buffer[consumed...].firstIndex(of: 0x0A) {
                return take(upTo: newline, skipping: 1)
            }
            if atEnd {
                guard consumed < buffer.count else { return nil }
                return take(upTo: buffer.count, skipping: 0)
            }
            try fill()
        }
    }

    /// Makes a waiting ``next()`` (on another thread) and every later one return nil: the job
    /// reads no more lines. Safe to call from any thread, any number of times.
    func stop() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    /// True once ``stop()`` was called.
    var isStopped: Bool {
        var descriptors = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
        return poll(&descriptors, 1, 0) > 0
    }

    /// Goes back to where a regular file was opened, for another pass. A stream cannot.
    func rewind() {
        precondition(isRegularFile, "a stream can be read only once")
        lseek(descriptor, start, SEEK_SET)
        buffer.removeAll(keepingCapacity: true)
        consumed = 0
        atEnd = false
        lineNumber = 0
    }

    /// The line from `consumed` to `end`, stepping over `skipping` bytes (the newline) after it.
    private func take(upTo end: Int, skipping: Int) -> UnsafeBufferPointer<UInt8> {
        lineNumber += 1
        let line = consumed..<end
        consumed = end + skipping
        return buffer.withUnsafeBufferPointer { UnsafeBufferPointer(rebasing: $0[line]) }
    }

    /// Reads more input after the unread bytes; at the end of the input (or once stopped) sets `atEnd`.
    private func fill() throws(Failure) {
        if !isRegularFile {
            guard try waitForInput() else {
                atEnd = true
                buffer.removeAll()
                consumed = 0
                return
            }
        }
        if consumed > 0 {
            buffer.removeSubrange(0..<consumed)
            consumed = 0
        }
        let kept = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: Self.readSize))
        var received: Int
        repeat {
            received = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + kept, Self.readSize) }
        } while received < 0 && errno == EINTR
        let code = errno
        buffer.removeSubrange((kept + max(received, 0))...)
        if received < 0 { throw Failure(code: code) }
        if received == 0 { atEnd = true }
    }

    /// Waits until the stream has input (true) or ``stop()`` was called (false).
    private func waitForInput() throws(Failure) -> Bool {
        var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
        while poll(&descriptors, 2, -1) < 0 {
            guard errno == EINTR else { throw Failure(code: errno) }
        }
        return descriptors[1].revents == 0
    }

    deinit {
        close(descriptor)
        close(wake.read)
        close(wake.write)
    }
}
