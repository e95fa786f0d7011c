import Dispatch
import Foundation
import Synchronization
import Tiles

/// Clean stops on Ctrl-C / SIGTERM. Once a signal arrives no new output file is started; files
/// already being written are finished and renamed into place (or removed if that takes too long),
/// so an interrupted batch leaves only complete outputs behind. The process then exits 130 (SIGINT)
/// or 143 (SIGTERM), as shells expect.
enum Interruption {
    private static let received = Mutex<Int32?>(nil)
    /// Run on the first signal: what stops a job's waiting (``whenStopping(_:)``).
    private static let stopActions = Mutex<[@Sendable () -> Void]>([])
    /// Set by jobs that stop themselves (``stopCooperatively()``).
    private static let cooperative = Atomic<Bool>(false)
    /// Written once by `install()` on the main thread; kept so the sources stay alive.
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Starts watching SIGINT and SIGTERM. Call once, before work starts.
    static func install() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { stop(signalNumber) }
            source.resume()
            sources.append(source)
        }
    }

    /// From now on the first signal only asks the job to stop (``isStopping``): it finishes the
    /// tiles in flight, commits its output and reports; a second signal stops at once.
    static func stopCooperatively() { cooperative.store(true, ordering: .relaxed) }

    /// Runs `action` on the first signal, e.g. to end a wait for input that would otherwise keep a
    /// cooperative job from seeing the stop (a streamed `--tiles -` whose producer is silent).
    static func whenStopping(_ action: @escaping @Sendable () -> Void) {
        stopActions.withLock { $0.append(action) }
    }

    /// True once SIGINT or SIGTERM has arrived.
    static var isStopping: Bool { received.withLock { $0 != nil } }

    private static func stop(_ signalNumber: Int32) {
        let first = received.withLock { current -> Bool in
            defer { current = current ?? signalNumber }
            return current == nil
        }
        if first {
            for action in stopActions.withLock({ $0 }) { action() }
            if cooperative.load(ordering: .relaxed) { return }
        }
        AtomicFile.stopNewWrites()
        // Let the files being written finish (they take milliseconds), then remove any left.
        let deadline = Date().addingTimeInterval(2)
        while Date() < deadline, AtomicFile.hasWritesInFlight { usleep(2_000) }
        AtomicFile.removeInFlight()
        exitIfStopping()
    }

    /// Exits with the signal's status when a stop was requested.
    static func exitIfStopping() {
        guard let signalNumber = received.withLock({ $0 }) else { return }
        Terminal.write("\n")
        exit(128 + signalNumber)
    }
}
