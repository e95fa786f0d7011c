import ServiceLifecycle
import Synchronization

/// A service that watches for the graceful shutdown (SIGTERM or SIGINT) and tells afterwards how
/// many requests it cut off: those cancelled since it began (the service group cancels what is
/// still running when `shutdown_grace` is over) plus any still running. Listed after the HTTP
/// server, so the group tells it first; it notes the moment and returns at once.
final class ShutdownWatch: Service, Sendable {
    private let requests: RequestsInFlight
    /// `requests.cancelled` when the shutdown began; nil before.
    private let cancelledBefore = Mutex<Int?>(nil)

    init(requests: RequestsInFlight) { self.requests = requests }

    /// True once a graceful shutdown has begun.
    var began: Bool { cancelledBefore.withLock { $0 != nil } }

    /// Requests the shutdown cut off (0 when none did or no shutdown began).
    var cutOff: Int {
        guard let before = cancelledBefore.withLock({ $0 }) else { return 0 }
        return requests.cancelled - before + requests.count
    }

    func run() async {
        do {
            try await gracefulShutdown()
        } catch {
            return  // cancelled without a graceful shutdown
        }
        let cancelled = requests.cancelled
        cancelledBefore.withLock { $0 = cancelled }
    }
}
