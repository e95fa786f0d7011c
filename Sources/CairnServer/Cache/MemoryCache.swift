import Synchronization

/// A bounded in-memory LRU of encoded images in front of the disk cache: at most `capacity` items
/// and `byteCapacity` bytes (as `cost` counts them), the least recently used leaving first.
final class MemoryCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    fileprivate struct State {
        var values: [Key: Value] = [:]
        var order = LRUList<Key>()
        var bytes = 0
    }

    private let capacity: Int
    private let byteCapacity: Int
    fileprivate let cost: @Sendable (Value) -> Int
    fileprivate let state = Mutex(State())

    init(capacity: Int, byteCapacity: Int = .max, cost: @escaping @Sendable (Value) -> Int = { _ in 0 }) {
        self.capacity = capacity
        self.byteCapacity = byteCapacity
        self.cost = cost
    }

    /// Items held now.
    var count: Int { state.withLock { $0.values.count } }

    func value(for key: Key) -> Value? {
        state.withLock { state in
            guard let value = state.values[key] else { return nil }
            state.order.touch(key)
            return value
        }
    }

    func store(_ value: Value, for key: Key) {
        let size = cost(value)
        guard capacity > 0, size <= byteCapacity else { return }
        state.withLock { state in
            if let old = state.values.updateValue(value, forKey: key) { state.bytes -= cost(old) }
            state.bytes += size
            state.order.touch(key)
            while state.order.count > capacity || state.bytes > byteCapacity, let oldest = state.order.oldest {
                state.order.remove(oldest)
                if let gone = state.values.removeValue(forKey: oldest) { state.bytes -= cost(gone) }
            }
        }
    }
}

/// A memory tier in front of the disk cache, told what the disk lost (a purge, a clear, files
/// changed by another process).
protocol CacheTier: Sendable {
    func forget(_ keys: [String])
    func forgetAll()
}

extension MemoryCache: CacheTier where Key == String {
    func forget(_ keys: [String]) {
        state.withLock { state in
            for key in keys {
                guard let gone = state.values.removeValue(forKey: key) else { continue }
                state.order.remove(key)
                state.bytes -= cost(gone)
            }
        }
    }

    func forgetAll() {
        state.withLock { $0 = State() }
    }
}
