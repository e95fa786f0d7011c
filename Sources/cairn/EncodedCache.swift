import Foundation

/// Encoded images by the value that fully decides their pixels, shared between worker threads, so a
/// batch draws each distinct look once (pure operations can be cached by their inputs).
final class EncodedCache<Key: Hashable>: @unchecked Sendable {
    private var entries: [Key: [UInt8]] = [:]
    private let lock = NSLock()
    private let capacity: Int

    /// Holds at most `capacity` images (later ones are made every time), which bounds memory when
    /// every image is different, as with exact labels.
    init(capacity: Int = 2048) { self.capacity = capacity }

    /// The cached bytes for `key`, or `make()`'s, stored for next time.
    func value(for key: Key, make: () throws -> [UInt8]) rethrows -> [UInt8] {
        lock.lock()
        if let hit = entries[key] { lock.unlock(); return hit }
        lock.unlock()
        let bytes = try make()
        lock.lock()
        if entries.count < capacity { entries[key] = bytes }
        lock.unlock()
        return bytes
    }

    /// Number of distinct images held.
    var count: Int { lock.lock(); defer { lock.unlock() }; return entries.count }
}
