import Dispatch
import Foundation
import Synchronization

/// Clean stops on Ctrl-C / SIGTERM. Once a signal arrives no new output file is started; files
/// already being written are finished and renamed into place (or removed if that takes too long),
/// so an interrupted batch leaves only complete outputs behind. The process then exits 130 (SIGINT)
/// or 143 (SIGTERM), as shells expect.
enum Interruption {
    private struct State {
        var signal: Int32?
        var inFlight: Set<String> = []
    }

    private static let state = Mutex(State())
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

    private static func stop(_ signalNumber: Int32) {
        state.withLock { $0.signal = $0.signal ?? signalNumber }
        // Let the files being written finish (they take milliseconds), then remove any left.
        let deadline = Date().addingTimeInterval(2)
        while Date() < deadline, !state.withLock({ $0.inFlight.isEmpty }) { usleep(2_000) }
        state.withLock { current in
            for path in current.inFlight { unlink(path) }
        }
        exitIfStopping()
    }

    /// Exits with the signal's status when a stop was requested.
    static func exitIfStopping() {
        guard let signalNumber = state.withLock({ $0.signal }) else { return }
        Terminal.write("\n")
        exit(128 + signalNumber)
    }

    /// Registers a temporary file about to be written; false once a stop was requested.
    static func begin(_ temporaryPath: String) -> Bool {
        state.withLock { current in
            guard current.signal == nil else { return false }
            current.inFlight.insert(temporaryPath)
            return true
        }
    }

    /// Forgets it once it is renamed into place or removed.
    static func end(_ temporaryPath: String) { state.withLock { _ = $0.inFlight.remove(temporaryPath) } }
}
