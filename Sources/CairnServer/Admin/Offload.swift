import Foundation
import Tiles

/// Blocking file work (walking the cache, purging thousands of files) on a thread of its own, so
/// that it holds neither the event loops nor Swift's cooperative pool that answers the hits.
enum Offload {
    static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            NamedThread.start("cairn-offload") { continuation.resume(returning: body()) }
        }
    }
}
