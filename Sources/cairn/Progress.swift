import Foundation

/// The batch progress line on a terminal (`120/341 tiles  96/s  ETA 2s`, or `120 tiles  96/s` when
/// the total is not known, as for a tile list read from a pipe), and the one-line summary at the end.
final class Progress: @unchecked Sendable {
    private let total: Int?
    private let noun: String
    private let quiet: Bool
    private let live: Bool
    private let start = Date()
    private let lock = NSLock()
    private var done = 0
    private var lastDraw = Date.distantPast

    /// `total` is nil when it is not known in advance.
    init(total: Int?, noun: String, quiet: Bool) {
        self.total = total
        self.noun = noun
        self.quiet = quiet
        live = !quiet && Terminal.stderrIsTerminal
    }

    /// Counts `n` more items done and redraws at most ten times a second.
    func advance(_ n: Int = 1) {
        guard live else { return }
        lock.lock()
        done += n
        let now = Date()
        let redraw = now.timeIntervalSince(lastDraw) > 0.1 || done == total
        if redraw { lastDraw = now }
        let snapshot = done
        lock.unlock()
        guard redraw else { return }
        let elapsed = now.timeIntervalSince(start)
        let rate = elapsed > 0 ? Double(snapshot) / elapsed : 0
        guard let total else {
            Terminal.write(String(format: "\r\u{1B}[K%d %@  %.0f/s", snapshot, noun, rate))
            return
        }
        let eta = rate > 0 ? Double(total - snapshot) / rate : 0
        Terminal.write(String(format: "\r\u{1B}[K%d/%d %@  %.0f/s  ETA %.0fs", snapshot, total, noun, rate, eta))
    }

    /// Seconds since the batch started.
    var elapsed: Double { Date().timeIntervalSince(start) }

    /// Ends the live line and prints `summary` (unless quiet).
    func finish(_ summary: String) {
        if live { Terminal.write("\r\u{1B}[K") }
        if !quiet { Terminal.info(summary) }
    }
}
