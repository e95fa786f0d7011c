import Markers

/// Remembers which cache key a badge request maps to, so that a hit skips laying the badge out
/// (bucket, label, text measurement) and fingerprinting the layout: the hot path of a cached badge.
/// Bounded by a ``MemoryCache``: beyond `capacity` requests the least recently used is forgotten, so
/// a client walking through counts cannot make it grow.
final class BadgeKeyMemo: Sendable {
    typealias Request = BadgeRequest

    private let keys: MemoryCache<Request, String>

    init(capacity: Int = 8192) { keys = MemoryCache(capacity: capacity) }

    /// The key remembered for `request`, else the one `make` works out (then remembered).
    func key(for request: Request, make: () throws -> String) rethrows -> String {
        if let key = known(request) { return key }
        let key = try make()
        keys.store(key, for: request)
        return key
    }

    /// The key remembered for `request`, nil when there is none yet.
    func known(_ request: Request) -> String? { keys.value(for: request) }

    /// Requests remembered now.
    var count: Int { keys.count }
}
