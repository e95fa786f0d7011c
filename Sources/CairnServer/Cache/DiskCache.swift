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
    /// Which group each key belongs to.
    let layout: CacheLayout
    /// Changes other processes made to the files (`cairn cache purge` beside the server).
    private let changes: CacheChangeWatch

    private struct State {
        var order = LRUList<String>()
        var sizes: [String: Int] = [:]
        var total = 0
        /// Entries and bytes per group (the per-layer gauges).
        var groups: [CacheGroup: (tiles: Int, bytes: Int)] = [:]
        /// The memory tiers in front, told what the disk lost.
        var tiers: [any CacheTier] = []
        /// A re-count after outside changes is running, and whether another was asked for meanwhile.
        var reconciling = false
        var reconcileAgain = false

        /// Records `key` at `size` bytes (new or changed) and marks it most recently used.
        mutating func set(_ key: String, size: Int, layout: CacheLayout) {
            let old = sizes.updateValue(size, forKey: key)
            total += size - (old ?? 0)
            let group = layout.group(of: key)
            groups[group, default: (0, 0)].tiles += old == nil ? 1 : 0
            groups[group, default: (0, 0)].bytes += size - (old ?? 0)
            order.touch(key)
        }

        /// Drops `key` from the index; its size, nil when it was not there.
        @discardableResult
        mutating func remove(_ key: String, layout: CacheLayout) -> Int? {
            guard let size = sizes.removeValue(forKey: key) else { return nil }
            order.remove(key)
            total -= size
            let group = layout.group(of: key)
            groups[group]?.tiles -= 1
            groups[group]?.bytes -= size
            return size
        }
    }

    private let state = Mutex(State())
    /// Called with the number of tiles and bytes each eviction removed (for metrics).
    private let onEvict: @Sendable (_ tiles: Int, _ bytes: Int) -> Void
    /// Hears about every store that failed.
    private let failures: CacheWriteFailures?

    init(root: String, capacity: Int, layout: CacheLayout = CacheLayout(layers: [], datasets: []),
         failures: CacheWriteFailures? = nil, onEvict: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws {
        self.root = root.hasSuffix("/") ? String(root.dropLast()) : root
        self.capacity = capacity
        self.layout = layout
        self.failures = failures
        self.onEvict = onEvict
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        } catch {
            throw StorageError("\(root): cannot create the cache directory")
        }
        changes = CacheChangeWatch(root: self.root)
        scan()
    }

    /// Bytes on disk and tiles held.
    var usage: (bytes: Int, tiles: Int) { state.withLock { ($0.total, $0.sizes.count) } }

    /// Entries and bytes per group, as the index counts them.
    var groupUsage: [CacheGroup: (tiles: Int, bytes: Int)] { state.withLock { $0.groups } }

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
        let meta = metadata.encoded
        do {
            try Self.makingDirectories(for: path) { () throws(StorageError) in try Self.write(bytes, meta: meta, to: path) }
        } catch {
            return failed(key, error)
        }
        record(key, size: bytes.count + meta.count)
        return true
    }

    /// How many times a write is tried while its directory goes missing.
    private static let attempts = 4

    /// Runs `write` for a file at `path`; while it fails because a directory on the way is missing,
    /// makes the directories and tries again, up to ``attempts`` times. A directory is missing when
    /// it is new (another store may be making it at the same moment) or gone meanwhile: `cairn cache
    /// clear` renames directories away at any moment, each at most once a clear, so a store rides
    /// out a clear under way with a try to spare.
    private static func makingDirectories(for path: String, _ write: () throws(StorageError) -> Void) throws(StorageError) {
        for attempt in 1... {
            do {
                return try write()
            } catch where error.code == ENOENT && attempt < attempts {
                // Also makes the cache directory itself again if it was deleted.
                Directories.make((path as NSString).deletingLastPathComponent)
            }
        }
    }

    /// Writes a tile, then its metadata; when the metadata fails, the tile is removed again.
    private static func write(_ bytes: [UInt8], meta: [UInt8], to path: String) throws(StorageError) {
        try AtomicFile.replace(path, with: bytes)
        do {
            try AtomicFile.replace(path + ".meta", with: meta)
        } catch {
            unlink(path)
            throw error
        }
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
            try AtomicFile.replace(root + "/" + key + ".meta", with: meta)
        } catch where error.code == ENOENT {
            // Its directory is gone (a clear), and the tile with it: stored whole again.
            return store(key, bytes: bytes, metadata: metadata)
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
        state.withLock { $0.remove(key, layout: layout) }
    }

    /// Puts a memory tier in front of this cache: it forgets whatever the disk loses.
    func attach(_ tier: any CacheTier) {
        state.withLock { $0.tiers.append(tier) }
    }

    /// Forgets entries whose files were removed (a purge or clear): out of the index, the size and
    /// every memory tier, so the next request for one is a miss.
    func forget(_ keys: [String]) {
        let tiers = state.withLock { state in
            for key in keys { state.remove(key, layout: layout) }
            return state.tiers
        }
        for tier in tiers { tier.forget(keys) }
    }

    /// Tells other processes sharing the directory that this one changed its files (an admin purge),
    /// without this server taking its own notice for a foreign one.
    func announceOwnChange() {
        if let value = CacheChanges.announce(root: root) { changes.adopt(value) }
    }

    /// Called before every lookup: when another process announced changes to the files
    /// (``CacheChanges``), the memory tiers forget everything at once and the index is re-counted
    /// from the directory in the background. One memory load when nothing changed.
    func noticeOutsideChanges() {
        guard changes.takeChange() else { return }
        let (tiers, start) = state.withLock { state in
            if state.reconciling { state.reconcileAgain = true }
            defer { state.reconciling = true }
            return (state.tiers, !state.reconciling)
        }
        for tier in tiers { tier.forgetAll() }
        guard start else { return }
        NamedThread.start("cairn-reconcile") { [self] in
            repeat { reconcile() } while state.withLock { state in
                defer { state.reconcileAgain = false }
                state.reconciling = state.reconcileAgain
                return state.reconcileAgain
            }
        }
    }

    /// Makes the index match the directory: entries gone are dropped (when their file is still gone
    /// under the lock's eyes: a store racing the walk is kept), new ones added as most recently
    /// used, changed sizes updated; then evicts down to the capacity.
    func reconcile() {
        var found: [String: Int] = [:]
        CacheWalk.entries(root: root) { found[$0.key] = $0.bytes }
        let known = state.withLock { Array($0.sizes.keys) }
        let gone = known.filter { found[$0] == nil && access(root + "/" + $0, F_OK) != 0 }
        var victims: [(String, Int)] = []
        state.withLock { state in
            for key in gone { state.remove(key, layout: layout) }
            for (key, size) in found where state.sizes[key] != size { state.set(key, size: size, layout: layout) }
            victims = evict(&state, keeping: nil)
        }
        removeEvicted(victims)
    }

    /// Marks a tile recently used (it was served from memory, so the disk did not see the read).
    func touch(_ key: String) {
        state.withLock { if $0.sizes[key] != nil { $0.order.touch(key) } }
    }

    private func record(_ key: String, size: Int) {
        var victims: [(String, Int)] = []
        state.withLock { state in
            state.set(key, size: size, layout: layout)
            victims = evict(&state, keeping: key)
        }
        removeEvicted(victims)
    }

    /// Takes the least recently used entries out of the index until the total fits (never `key`).
    private func evict(_ state: inout State, keeping key: String?) -> [(String, Int)] {
        var victims: [(String, Int)] = []
        while state.total > capacity, let oldest = state.order.oldest, oldest != key {
            victims.append((oldest, state.remove(oldest, layout: layout) ?? 0))
        }
        return victims
    }

    /// Deletes the files of entries evicted from the index.
    private func removeEvicted(_ victims: [(String, Int)]) {
        guard !victims.isEmpty else { return }
        for (victim, _) in victims {
            unlink(root + "/" + victim)
            unlink(root + "/" + victim + ".meta")
        }
        onEvict(victims.count, victims.reduce(0) { $0 + $1.1 })
    }

    /// Indexes the entries already there, oldest first, and removes temporaries a crash left.
    private func scan() {
        removeTemporaries(under: "")
        var found: [CacheFile] = []
        CacheWalk.entries(root: root) { found.append($0) }
        state.withLock { state in
            for entry in found.sorted(by: { $0.stored < $1.stored }) { state.set(entry.key, size: entry.bytes, layout: layout) }
        }
    }

    /// Deletes `.NAME.tmp-PID-…` files (a write a crash cut short) and `.cairn-trash-PID-…`
    /// directories (a clear cut short) in every directory — only those their process left behind:
    /// another process may be using the directory now (`cairn cache seed` opens the cache beside a
    /// running server, whose writes and clears are in progress).
    private func removeTemporaries(under relative: String) {
        let path = relative.isEmpty ? root : root + "/" + relative
        var directories: [String] = []
        CacheWalk.list(path) { name, isDirectory in
            if isDirectory, name.hasPrefix(".cairn-trash-") {
                if Self.isLeftover(writer: name.dropFirst(".cairn-trash-".count)) { CacheDirectory.removeTree(path + "/" + name) }
            } else if isDirectory {
                if !name.hasPrefix(".") { directories.append(name) }
            } else if name.hasPrefix("."), let marker = name.range(of: ".tmp-") {
                if Self.isLeftover(writer: name[marker.upperBound...]) { unlink(path + "/" + name) }
            }
        }
        for directory in directories { removeTemporaries(under: relative.isEmpty ? directory : relative + "/" + directory) }
    }

    /// Whether a temporary whose name continues with `writer` (`PID-…`) is a leftover: written by
    /// a process no longer running, or by this process's PID (a previous life of it, such as a
    /// container's PID 1). Names without a PID are leftovers.
    static func isLeftover(writer: Substring) -> Bool {
        guard let pid = pid_t(writer.prefix { $0.isASCII && $0.isNumber }), pid > 0 else { return true }
        return pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH)
    }
}
