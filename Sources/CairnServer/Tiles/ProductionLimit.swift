import Synchronization

/// Load shedding for upstream work: at most `limit` images are being produced (fetched upstream,
/// then rendered) at once; one more is refused at once with ``ServeError/overloaded`` (503 +
/// `Retry-After`) instead of piling up in the HTTP client. Requests coalesced onto a production
/// already under way take no slot of their own.
final class ProductionLimit: Sendable {
    let limit: Int
    private let running = Mutex(0)

    init(limit: Int) { self.limit = limit }

    /// Productions under way now.
    var count: Int { running.withLock { $0 } }

    /// Runs `produce` in a slot, or throws ``ServeError/overloaded`` when all `limit` are taken.
    func admit<T: Sendable>(_ produce: () async throws -> T) async throws -> T {
        let admitted = running.withLock { running -> Bool in
            guard running < limit else { return false }
            running += 1
            return true
        }
        guard admitted else { throw ServeError.overloaded }
        defer { running.withLock { $0 -= 1 } }
        return try await produce()
    }
}
