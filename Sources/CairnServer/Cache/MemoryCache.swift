import Synchronization

/// A bounded in-memory LRU of encoded images (badges and cards), in front of the disk cache.
final class MemoryCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct State {
        var values: [Key: Value] = [:]
        var order = LRUList<Key>()
    }

    private let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) { self.capacity = capacity }

    func value(for key: Key) -> Value? {
        state.withLock { state in
            guard let value = state.values[key] else { return nil }
            state.order.touch(key)
            return value
        }
    }

    func store(_ value: Value, for key: Key) {
        guard capacity > 0 else { return }
        state.withLock { state in
            state.values[key] = value
            state.order.touch(key)
            while state.order.count > capacity, let oldest = state.order.oldest {
                state.order.remove(oldest)
                state.values[oldest] = nil
            }
        }
    }
}
