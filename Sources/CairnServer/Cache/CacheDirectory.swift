import Foundation
import Parallel

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
    /// that leaves empty. The column directories are worked through in parallel, one per core (on
    /// tmpfs a purge is mostly the kernel freeing inodes, which runs in parallel across directories).
    public func purge(_ purge: CachePurge) -> CacheRemoval {
        let now = Date().timeIntervalSince1970, root = self.root
        let columns = trees(of: purge.group).flatMap {
            CacheWalk.columns(root: root, tree: $0, zoom: purge.acceptsZoom, column: purge.acceptsColumn)
        }
        let parts = ParallelRuns.map(columns.count) { index in
            let column = columns[index]
            var removal = CacheRemoval()
            CacheWalk.tiles(root: root, in: column) { file, y, name, directory in
                guard purge.accepts(z: column.z, x: column.x, y: y, stored: file.stored, now: now) else { return }
                guard unlinkat(directory, name, 0) == 0 || errno == ENOENT else { return }
                unlinkat(directory, name + ".meta", 0)
                removal.add(file, zoom: column.z)
            }
            if removal.tiles > 0 { rmdir(root + "/" + column.directory) }  // when nothing else is left in it
            return removal
        }
        var removal = CacheRemoval()
        for part in parts { removal.merge(part) }
        // Then the zoom directories left empty.
        for zoom in Set(columns.map { ($0.directory as NSString).deletingLastPathComponent }) { rmdir(root + "/" + zoom) }
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
