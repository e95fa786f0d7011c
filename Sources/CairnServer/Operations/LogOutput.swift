import Foundation
import Glibc
import Synchronization
import Tiles

/// Where log lines go: stderr, written in batches. A request's line is put in a buffer that is
/// written out every 20 ms (or once it holds 64 kB), so a busy server makes one `write` per
/// batch rather than one per request; a line at `notice` or above is written at once with
/// everything before it (order is kept), and whatever is buffered is written when the process exits.
enum LogOutput {
    private static let pending = Mutex((bytes: [UInt8](), flusher: false))
    private static let limit = 64 << 10

    /// Adds `line` (with its newline); written now when `urgent`, or when the buffer is full.
    static func write(_ line: String, urgent: Bool) {
        let (full, startFlusher) = pending.withLock { state -> (Bool, Bool) in
            state.bytes.append(contentsOf: line.utf8)
            state.bytes.append(10)
            let start = !state.flusher
            state.flusher = true
            return (state.bytes.count >= limit, start)
        }
        if startFlusher { start() }
        if urgent || full { flush() }
    }

    /// Writes out what is buffered.
    static func flush() {
        output.withLock { _ in
            let bytes = pending.withLock { state -> [UInt8] in
                defer { state.bytes.removeAll(keepingCapacity: true) }
                return state.bytes
            }
            var offset = 0
            bytes.withUnsafeBytes { buffer in
                while offset < buffer.count {
                    let written = Glibc.write(2, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 && errno == EINTR { continue }
                    guard written > 0 else { return }
                    offset += written
                }
            }
        }
    }

    /// One writer at a time, so batches never interleave.
    private static let output = Mutex(())

    private static func start() {
        atexit { LogOutput.flush() }
        NamedThread.start("cairn-log") {
            while true {
                usleep(20_000)
                flush()
            }
        }
    }
}
