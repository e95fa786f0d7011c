import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization
import Tiles

/// Where log lines go: a file descriptor (stderr for `cairn`, ``standardError``), written in
/// batches by a writer thread of its own, as nginx's `access_log … buffer=64k flush=…` does, so a
/// request's line costs the thread that answered it a copy into a buffer, not a `write`.
///
/// - A line is appended to one buffer shared by every thread, so lines are written in the order they
///   were appended (and a connection's lines in the order of its requests).
/// - The writer writes the buffer once it holds ``limit`` bytes, and at the latest ``interval`` after
///   its oldest line was appended; it sleeps while there is nothing to write.
/// - A line at `notice` or above is `urgent`: written at once, with everything before it, by the
///   thread that logs it.
/// - No line is dropped for want of room: if the writer falls behind (the buffer reaches
///   ``capacity``), the threads that log wait for it to take the buffer.
/// - A failed `write` (a full disk, a closed descriptor) discards that batch, counts it in
///   ``failedWrites``, and logging carries on: it never stops or crashes the process.
/// - ``stop()`` writes out everything and ends the writer (at exit, for ``standardError``); lines
///   appended after it are written at once.
final class LogOutput: @unchecked Sendable {
    /// The process's stderr, flushed and stopped when the process exits.
    static let standardError: LogOutput = {
        let output = LogOutput(fileDescriptor: 2)
        atexit { LogOutput.standardError.stop() }
        return output
    }()

    let fileDescriptor: Int32
    /// Bytes that make a batch worth writing at once.
    let limit: Int
    /// Bytes beyond which the threads that log wait for the writer.
    let capacity: Int
    /// The longest a line waits in the buffer, in seconds.
    let interval: Double
    /// The clock the writer reads and waits on for a batch's flush time.
    let clock: any WallClock

    /// Guards `pending`, `oldest`, `writer` and `stopping`, and wakes the writer and waiting producers.
    private let condition = NSCondition()
    private var pending: [UInt8] = []
    /// When the oldest line in `pending` was appended, on ``clock``.
    private var oldest: Double?
    private var writer = Writer.notStarted
    private var stopping = false

    private enum Writer {
        case notStarted, running, finished
    }

    /// One batch written at a time, so batches never interleave; the buffer the last one was in.
    private let writing = Mutex([UInt8]())
    private let failures = Atomic<Int>(0)

    init(fileDescriptor: Int32, limit: Int = 64 << 10, capacity: Int = 1 << 20, interval: Duration = .milliseconds(100),
         clock: any WallClock = SystemWallClock()) {
        self.fileDescriptor = fileDescriptor
        self.limit = limit
        self.capacity = max(capacity, limit)
        let (seconds, attoseconds) = interval.components
        self.interval = Double(seconds) + Double(attoseconds) * 1e-18
        self.clock = clock
        pending.reserveCapacity(limit + limit / 4)
    }

    /// Batches whose `write` failed (and which were discarded) so far.
    var failedWrites: Int { failures.load(ordering: .relaxed) }

    /// Appends the line `render` appends to the bytes it is given, and its newline; written now
    /// when `urgent`, else by the writer.
    func append(urgent: Bool, _ render: (inout [UInt8]) -> Void) {
        condition.lock()
        while pending.count >= capacity, !stopping { condition.wait() }
        let wasEmpty = pending.isEmpty, wasBelowLimit = pending.count < limit
        render(&pending)
        pending.append(10)
        if wasEmpty { oldest = clock.now() }
        let startWriter = writer == .notStarted && !stopping
        if startWriter { writer = .running }
        // The writer sleeps until there is a line, then until its time or a full batch.
        if wasEmpty || (wasBelowLimit && pending.count >= limit) { condition.broadcast() }
        let direct = urgent || stopping
        condition.unlock()
        if startWriter { NamedThread.start("cairn-log") { [self] in runWriter() } }
        if direct { flush() }
    }

    /// Writes out everything appended so far, on the calling thread.
    func flush() {
        writing.withLock { batch in
            condition.lock()
            swap(&batch, &pending)
            oldest = nil
            condition.broadcast()
            condition.unlock()
            guard !batch.isEmpty else { return }
            if !write(batch) { failures.add(1, ordering: .relaxed) }
            batch.removeAll(keepingCapacity: true)
        }
    }

    /// Writes out everything and ends the writer thread (waiting for it); later lines are written at once.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while writer == .running { condition.wait() }
        condition.unlock()
        flush()
    }

    private func runWriter() {
        condition.lock()
        while !stopping {
            guard let oldest else {
                condition.wait()
                continue
            }
            let deadline = oldest + interval, now = clock.now()
            // A time of day set back (below the oldest line's) does not hold lines back.
            if pending.count >= limit || now >= deadline || now < oldest {
                condition.unlock()
                flush()
                condition.lock()
            } else {
                clock.wait(on: condition, until: deadline)
            }
        }
        writer = .finished
        condition.broadcast()
        condition.unlock()
    }

    /// Writes all of `bytes`; false if the descriptor refused them.
    private func write(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else if written < 0 && errno == EAGAIN {
                    var ready = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                } else {
                    return false
                }
            }
            return true
        }
    }
}
