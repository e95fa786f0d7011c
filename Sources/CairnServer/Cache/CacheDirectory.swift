import Foundation

/// The operations on a cache directory that `cairn cache` and the admin API share: measure it,
/// purge tiles of a layer by region, zoom and age, clear groups or everything. They work on the
/// files alone, so they are safe while a server uses the directory; the caller then tells the
/// server's tiers what went (``DiskCache/forget(_:)``, or ``CacheChanges`` from another process).
public struct CacheDirectory: Sendable {
    public let root: String
    public let layout: CacheLayout
    public let capacity: Int

    public init(root: String, layout: CacheLayout, capacity: Int) {
        self.root = root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root
        self.layout = layout
        self.capacity = capacity
    }

    /// The cache a configuration uses.
    public init(config: ServerConfig) {
        self.init(root: config.cache.directory, layout: CacheLayout(config: config), capacity: config.cache.maxSize)
    }

    public func stats() -> CacheStats { CacheStats.measure(directory: root, layout: layout, capacity: capacity) }

    /// Removes exactly the entries `purge` selects, each tile with its `.meta`, and the directories
    /// that leaves empty.
    public func purge(_ purge: CachePurge) -> CacheRemoval {
        var removal = CacheRemoval()
        var emptied = Set<String>()
        let now = Date().timeIntervalSince1970
        for tree in trees(of: purge.group) {
            CacheWalk.tiles(root: root, tree: tree, zoom: purge.acceptsZoom, column: purge.acceptsColumn) { file, z, x, y in
                guard purge.accepts(z: z, x: x, y: y, stored: file.stored, now: now) else { return }
                let path = root + "/" + file.key
                guard unlink(path) == 0 || errno == ENOENT else { return }
                unlink(path + ".meta")
                removal.add(file, zoom: z)
                emptied.insert(tree + "/\(z)/\(x)")
            }
        }
        // Deepest first: a column directory, then its zoom's, when nothing else is left in them.
        for column in emptied.sorted(by: >) {
            if rmdir(root + "/" + column) == 0 { rmdir(root + "/" + (column as NSString).deletingLastPathComponent) }
        }
        return removal
    }

    /// Removes every entry of `groups`, or of the whole cache when nil. Each directory is first
    /// renamed out of the way (one atomic step: a request never finds half of it), then deleted.
    public func clear(_ groups: [CacheGroup]? = nil) -> CacheRemoval {
        let directories = groups.map { $0.flatMap(layout.directories) }
            ?? CacheWalk.subdirectories(root: root, relative: "").filter { !$0.hasPrefix(".") }
        var removal = CacheRemoval()
        for directory in directories {
            let trash = ".cairn-trash-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            guard rename(root + "/" + directory, root + "/" + trash) == 0 else { continue }
            CacheWalk.entries(root: root, under: trash) { file in
                let key = directory + file.key.dropFirst(trash.count)
                removal.add(CacheFile(key: key, bytes: file.bytes, stored: file.stored), zoom: CacheLayout.tile(of: key)?.z)
            }
            Self.removeTree(root + "/" + trash)
        }
        return removal
    }

    /// The tile trees (directories whose numbered subdirectories are zooms) of a layer or dataset.
    func trees(of group: CacheGroup) -> [String] {
        switch group {
        case .layer(let name):
            let frames = CacheWalk.subdirectories(root: root, relative: name + "/frames").map { "\(name)/frames/\($0)" }
            return [name] + frames + ["_animations/" + name]
        case .dataset(let name):
            return CacheWalk.subdirectories(root: root, relative: "_clusters/" + name).flatMap { version in
                ["_clusters/\(name)/\(version)", "_clusters/\(name)/\(version)/\(name)"]
            }
        default:
            return []
        }
    }

    /// Deletes a directory and everything in it (symbolic links themselves, never what they name).
    static func removeTree(_ path: String) {
        var directories: [String] = []
        CacheWalk.list(path) { name, isDirectory in
            if isDirectory { directories.append(name) } else { unlink(path + "/" + name) }
        }
        for directory in directories { removeTree(path + "/" + directory) }
        rmdir(path)
    }
}

extension CacheLayout {
    /// The layout of a configuration's layers and datasets.
    public init(config: ServerConfig) {
        self.init(layers: config.layers.map(\.name), datasets: config.datasets.map(\.name))
    }
}
