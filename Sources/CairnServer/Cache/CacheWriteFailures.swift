import Dispatch
import Logging
import Synchronization

/// What happens when the disk cache cannot store an image (the disk is full, the directory is not
/// writable): the image is still served, every failure is counted (`cairn_cache_write_failures_total`),
/// and a warning is logged at most once per `interval` (a minute), saying how many stores failed
/// since the last one, so a full disk under load does not flood the log.
final class CacheWriteFailures: Sendable {
    private let logger: Logger
    private let interval: Double
    private let count: @Sendable () -> Void
    /// When the last warning was logged (monotonic seconds) and the failures since.
    private let state = Mutex((lastWarning: -Double.infinity, unreported: 0))

    init(logger: Logger, interval: Double = 60, count: @escaping @Sendable () -> Void) {
        self.logger = logger
        self.interval = interval
        self.count = count
    }

    /// Counts one failed store of `path`; logs it when no warning was logged within the interval.
    func record(_ path: String, _ error: any Error) {
        count()
        let now = Double(DispatchTime.now().uptimeNanoseconds) / 1e9
        let failures = state.withLock { state -> Int? in
            state.unreported += 1
            guard now - state.lastWarning >= interval else { return nil }
            defer { state = (now, 0) }
            return state.unreported
        }
        guard let failures else { return }
        logger.warning("cannot store in the disk cache; serving without storing",
                       metadata: ["error": "\(error)", "path": "\(path)", "failures": .stringConvertible(failures),
                                  "next_warning_in_seconds": .stringConvertible(Int(interval))])
    }
}
