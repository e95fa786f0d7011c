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
        received.withLock { $0 = $0 ?? signalNumber }
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
