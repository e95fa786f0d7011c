import Tiles

/// The render pool as the server uses it: one thread per configured worker, at most `limit`
/// renders waiting, and a 503 (``ServeError/overloaded``) instead of a longer queue.
struct RenderQueue: Sendable {
    let pool: WorkerPool
    let limit: Int

    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        do {
            return try await pool.run(queueLimit: limit, body)
        } catch is WorkerPool.Overloaded {
            throw ServeError.overloaded
        }
    }

    var waiting: Int { pool.queued }
    var busy: Int { pool.busy }
}
