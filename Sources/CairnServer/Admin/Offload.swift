import Foundation
import Tiles

/// Blocking work (walking the cache, purging thousands of files, reading and indexing a dataset)
/// on a thread of its own, so that it holds neither the event loops nor Swift's cooperative pool
/// that answers the requests: the caller's task is suspended, not its thread.
enum Offload {
    static func run<T: Sendable, Failure: Error>(_ body: @escaping @Sendable () throws(Failure) -> T) async throws(Failure) -> T {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, Failure>, Never>) in
            NamedThread.start("cairn-offload") { continuation.resume(returning: Result { () throws(Failure) in try body() }) }
        }
        return try result.get()
    }
}
