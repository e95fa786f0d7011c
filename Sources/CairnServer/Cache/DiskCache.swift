import Foundation
import Synchronization
import Tiles

/// The disk cache: files under `root` in the layout the keys give (`layer/z/x/y.png`, so a layer's
/// directory is a static tile tree), each with a `.meta` file beside it (``CacheMetadata``). Writes are
/// atomic (temporary file and rename). The cache holds at most `capacity` bytes (tiles plus their
/// metadata): storing past that evicts the least recently used tiles, as MapCache's `capacity` does.
/// The recency index lives in memory and is rebuilt from the files' times at start-up.
///
/// A store that fails (a full disk) is reported to ``CacheWriteFailures`` and the image is served
/// without being stored; a cache directory deleted under the running server is made again by the
/// next store, and files gone from it are forgotten when they are next looked up.
final class DiskCache: Sendable {
    let root: String
    let capacity: Int

    private struct State {
        var order = LRUList<String>()
        var sizes: [String: Int] = [:]
        var total = 0
    }

    private let state = Mutex(State())
    /// Called with the number of tiles and bytes each eviction removed (for metrics).
    private let onEvict: @Sendable (_ tiles: Int, _ bytes: Int) -> Void
    /// Hears about every store that failed.
    private let failures: CacheWriteFailures?

    init(root: String, capacity: Int, failures: CacheWriteFailures? = nil,
         onEvict: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws {
        self.root = root.hasSuffix("/") ? String(root.dropLast()) : root
        self.capacity = capacity
        self.failures = failures
        self.onEvict = onEvict
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        } catch {
            throw StorageError("\(root): cannot create the cache directory")
        }
        try scan()
    }

    /// Bytes on disk and tiles held.
    var usage: (bytes: Int, tiles: Int) { state.withLock { ($0.total, $0.sizes.count) } }

    /// The tile stored under `key` (marked recently used), nil when absent or unreadable.
    func read(_ key: String) -> CachedTile? {
        let path = root + "/" + key
        guard let bytes = FileManager.default.contents(atPath: path),
              let meta = FileManager.default.contents(atPath: path + ".meta"),
              let metadata = CacheMetadata(decoding: Array(meta)) else {
            forgetIfGone(key)
            return nil
        }
        state.withLock { if $0.sizes[key] != nil { $0.order.touch(key) } }
        return CachedTile(bytes: Array(bytes), metadata: metadata)
    }

    /// Stores a tile and its metadata, each file whole or not at all, then evicts down to capacity.
    /// Whether it was stored: a failure leaves neither file and is reported, not thrown.
    @discardableResult
    func store(_ key: String, bytes: [UInt8], metadata: CacheMetadata) -> Bool {
        let path = root + "/" + key
        let directory = (path as NSString).deletingLastPathComponent
        if !FileManager.default.fileExists(atPath: directory) {
            // Also makes the cache directory itself again if it was deleted.
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        let meta = metadata.encoded
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            return failed(key, error)
        }
        do {
            try AtomicFile.write(meta, to: path + ".meta")
        } catch {
            unlink(path)
            return failed(key, error)
        }
        record(key, size: bytes.count + meta.count)
        return true
    }

    /// Replaces a stored tile's metadata (after the upstream said 304 Not Modified); stores the
    /// whole tile again if it was evicted meanwhile (the caller still had it in memory).
    @discardableResult
    func refresh(_ key: String, bytes: [UInt8], metadata: CacheMetadata) -> Bool {
        guard state.withLock({ $0.sizes[key] != nil }) else {
            return store(key, bytes: bytes, metadata: metadata)
        }
        let meta = metadata.encoded
        do {
            try AtomicFile.write(meta, to: root + "/" + key + ".meta")
        } catch {
            return failed(key, error)
        }
        record(key, size: bytes.count + meta.count)
        return true
    }

    /// Reports a failed store of `key` (whose files, if any, are now out of the index): false.
    private func failed(_ key: String, _ error: any Error) -> Bool {
        forgetIfGone(key)
        failures?.record(root + "/" + key, error)
        return false
    }

    /// Drops `key` from the index when its file is no longer there (deleted by hand, the whole
    /// directory removed), so the recorded size stays that of the files on disk.
    private func forgetIfGone(_ key: String) {
        guard state.withLock({ $0.sizes[key] != nil }), access(root + "/" + key, F_OK) != 0 else { return }
        state.withLock { state in
            guard let size = state.sizes.removeValue(forKey: key) else { return }
            state.order.remove(key)
            state.total -= size
        }
    }

    /// Marks a tile recently used (it was served from memory, so the disk did not see the read).
    func touch(_ key: String) {
        state.withLock { if $0.sizes[key] != nil { $0.order.touch(key) } }
    }

    private func record(_ key: String, size: Int) {
        var victims: [(String, Int)] = []
        state.withLock { state in
            state.total += size - (state.sizes[key] ?? 0)
            state.sizes[key] = size
            state.order.touch(key)
            while state.total > capacity, let oldest = state.order.oldest, oldest != key {
                let freed = state.sizes.removeValue(forKey: oldest) ?? 0
                state.order.remove(oldest)
                state.total -= freed
                victims.append((oldest, freed))
            }
        }
        guard !victims.isEmpty else { return }
        for (victim, _) in victims {
            unlink(root + "/" + victim)
            unlink(root + "/" + victim + ".meta")
        }
        onEvict(victims.count, victims.reduce(0) { $0 + $1.1 })
    }

    /// Indexes the files already there, oldest access first, and removes temporaries a crash left.
    private func scan() throws {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return }
        var found: [(key: String, size: Int, time: Double)] = []
        while let relative = walker.nextObject() as? String {
            let path = root + "/" + relative
            var status = stat()
            guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") && name.contains(".tmp-") { unlink(path); continue }
            if relative.hasSuffix(".meta") { continue }
            // Only cache entries (a file with its .meta) count and can be evicted; anything else
            // someone put in the directory is left alone.
            var metaStatus = stat()
            guard stat(path + ".meta", &metaStatus) == 0 else { continue }
            let metaSize = Int(metaStatus.st_size)
            let time = max(Double(status.st_atim.tv_sec), Double(status.st_mtim.tv_sec))
            found.append((relative, Int(status.st_size) + metaSize, time))
        }
        state.withLock { state in
            for entry in found.sorted(by: { $0.time < $1.time }) {
                state.sizes[entry.key] = entry.size
                state.total += entry.size
                state.order.touch(entry.key)
            }
        }
    }
}
