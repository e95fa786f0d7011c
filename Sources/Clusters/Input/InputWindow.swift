#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The text of a point file, of standard input (`-`) or of bytes in memory, a window at a time.
///
/// A reader takes the complete records in ``text`` and calls ``advance(keepingFrom:)`` with the
/// offset of the first record it could not finish: the text before it is let go, the rest moves to
/// the front of the buffer and the buffer is filled up with `read(2)`. Memory holds one window, not
/// the file; a record longer than half the window doubles it. Read, never mapped: a file another
/// program truncates meanwhile ends sooner (an error naming it, see ``advance(keepingFrom:)``),
/// never with SIGBUS. Lines and columns are those of the whole input (``line(at:)``,
/// ``place(at:)``): the text let go is counted as it goes.
final class InputWindow {
    /// The name standard input goes by in messages.
    static let standardInputName = "<stdin>"
    /// How many bytes a window holds unless a record needs more.
    static let defaultSize = 8 << 20

    /// The input's name in messages: its path, or `<stdin>`.
    let name: String
    /// The size of the input when it was opened; nil when it has none (a pipe).
    let expectedSize: Int?
    /// The descriptor read from; nil for bytes in memory.
    private let descriptor: Int32?
    private var storage: UnsafeMutableBufferPointer<UInt8>
    private let ownsStorage: Bool
    private var start = 0
    private var end = 0
    /// Whether ``text`` runs to the end of the input.
    private(set) var isComplete = false
    /// The offset in the input of the first byte of ``text``.
    private(set) var origin = 0
    private var lines = LineCounter()

    /// Opens the file at `path`, or standard input when `path` is `-`, and reads its first window.
    init(path: String, windowSize: Int = defaultSize) throws(PointReadError) {
        if path == "-" {
            name = Self.standardInputName
            descriptor = 0
            expectedSize = nil
        } else {
            name = path
            let opened = open(path, O_RDONLY | O_CLOEXEC)
            guard opened >= 0 else { throw Self.failure(path) }
            var status = stat()
            guard fstat(opened, &status) == 0 else {
                let error = Self.failure(path)
                close(opened)
                throw error
            }
            descriptor = opened
            expectedSize = status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : nil
        }
        storage = .allocate(capacity: max(windowSize, 16))
        ownsStorage = true
        try fill()  // when it throws, deinit closes and frees
    }

    /// A window holding all of `bytes`, which must outlive it.
    init(bytes: UnsafeRawBufferPointer, name: String) {
        self.name = name
        descriptor = nil
        expectedSize = bytes.count
        storage = UnsafeMutableBufferPointer(mutating: bytes.assumingMemoryBound(to: UInt8.self))
        ownsStorage = false
        end = bytes.count
        isComplete = true
    }

    deinit {
        if let descriptor, descriptor != 0 { close(descriptor) }
        if ownsStorage { storage.deallocate() }
    }

    /// The bytes read and not yet let go; valid until the next ``advance(keepingFrom:)``.
    var text: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: storage[start..<end])
    }

    /// Skips a UTF-8 byte-order mark at the start of the input (not counted in columns).
    func skipByteOrderMark() {
        guard origin == 0, text.starts(with: [0xEF, 0xBB, 0xBF]) else { return }
        start += 3
        origin = 3
    }

    /// Lets go of the text before `offset` and reads on; the text from `offset` on is kept, at
    /// the start of ``text``. Call only while the window is not complete.
    ///
    /// - Throws: `.unreadable` when reading fails, or when a regular file ends before the size it
    ///   had when opened (another program truncated it while it was read).
    func advance(keepingFrom offset: Int) throws(PointReadError) {
        precondition(!isComplete, "the whole input is in the window")
        lines.letGo(offset, of: text)
        origin += offset
        start += offset
        let kept = end - start
        if kept > storage.count / 2 {
            let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: storage.count * 2)
            larger.baseAddress!.update(from: storage.baseAddress! + start, count: kept)
            storage.deallocate()
            storage = larger
        } else if kept > 0 {
            (storage.baseAddress!).update(from: storage.baseAddress! + start, count: kept)
        }
        start = 0
        end = kept
        try fill()
    }

    /// Reads until the buffer is full or the input ends.
    private func fill() throws(PointReadError) {
        guard let descriptor else { return }
        while end < storage.count {
            let received = read(descriptor, storage.baseAddress! + end, storage.count - end)
            if received > 0 {
                end += received
            } else if received == 0 {
                isComplete = true
                if let expectedSize, origin + end - start < expectedSize {
                    throw .unreadable(
                        path: name,
                        reason: "the file shrank to \(origin + end - start) bytes while it was read (it had \(expectedSize))"
                    )
                }
                return
            } else if errno != EINTR {
                throw Self.failure(name)
            }
        }
    }

    /// The 1-based line of the input that `offset` (into ``text``) is on. Cheapest asked in
    /// increasing order, as readers report bad records.
    func line(at offset: Int) -> Int {
        lines.line(at: offset, in: text)
    }

    /// The 1-based line and column (in Unicode scalars) of the input that `offset` (into
    /// ``text``) is at.
    func place(at offset: Int) -> (line: Int, column: Int) {
        lines.place(at: offset, in: text)
    }

    private static func failure(_ name: String) -> PointReadError {
        .unreadable(path: name, reason: String(cString: strerror(errno)))
    }
}
