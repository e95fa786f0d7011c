import Markers
import Synchronization

/// Remembers which cache key a badge request maps to, so that a hit skips laying the badge out
/// (bucket, label, text measurement) and fingerprinting the layout: the hot path of a cached badge.
/// Bounded: when `capacity` requests are remembered it starts afresh, so a client walking through
/// counts cannot make it grow.
final class BadgeKeyMemo: Sendable {
    struct Request: Hashable, Sendable {
        let style: String
        let count: Int
        let scale: Int
        let label: LabelMode?
    }

    let capacity: Int
    private let keys = Mutex<[Request: String]>([:])

    init(capacity: Int = 8192) { self.capacity = capacity }

    /// The key remembered for `request`, else the one `make` works out (then remembered).
    func key(for request: Request, make: () throws -> String) rethrows -> String {
        if let key = keys.withLock({ $0[request] }) { return key }
        let key = try make()
        keys.withLock { keys in
            if keys.count >= capacity { keys.removeAll(keepingCapacity: true) }
            keys[request] = key
        }
        return key
    }

    /// Requests remembered now.
    var count: Int { keys.withLock { $0.count } }
}
