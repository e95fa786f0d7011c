#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One cache entry on disk: a file and the `.meta` beside it.
public struct CacheFile: Sendable {
    /// The path relative to the cache root (the cache key).
    public let key: String
    /// The file's and its `.meta`'s bytes together.
    public let bytes: Int
    /// When it was stored or last revalidated (the `.meta`'s modification time), seconds since 1970.
    public let stored: Double
}

/// Walks the cache directory with `readdir` and `fstatat` — a directory listing and two `stat`s
/// per entry, no `FileManager` — so that a gigabyte of tiles is counted within a second. Only
/// entries count (a file with its `.meta`); temporaries and anything else put there are skipped.
enum CacheWalk {
    /// Every entry under `directory` (relative to `root`; "" for all of it), at any depth.
    static func entries(root: String, under directory: String = "", _ visit: (CacheFile) throws -> Void) rethrows {
        try walk(root: root, relative: directory) { _ in true } visit: { file, _ in try visit(file) }
    }

    /// A column directory of a tile tree: `tree/z/x`, relative to the root.
    struct Column: Sendable {
        let directory: String
        let z: Int
        let x: Int
    }

    /// The column directories of a tile tree — `tree/z/x` — whose zoom directory `zoom` accepts and
    /// which `column(z, x)` accepts. Other directories in the tree's root (an animated layer's
    /// `frames`) are not entered.
    static func columns(root: String, tree: String, zoom: (Int) -> Bool, column: (Int, Int) -> Bool) -> [Column] {
        subdirectories(root: root, relative: tree).flatMap { zName -> [Column] in
            guard let z = CacheLayout.number(zName), zoom(z) else { return [] }
            return subdirectories(root: root, relative: tree + "/" + zName).compactMap { xName in
                guard let x = CacheLayout.number(xName), column(z, x) else { return nil }
                return Column(directory: tree + "/" + zName + "/" + xName, z: z, x: x)
            }
        }
    }

    /// The entries of one column directory, each with its row `y` and the open directory's
    /// descriptor (for `unlinkat`).
    static func tiles(root: String, in column: Column, _ visit: (CacheFile, _ y: Int, _ name: String, _ directory: Int32) throws -> Void) rethrows {
        try files(root: root, relative: column.directory) { file, name, descriptor in
            guard let y = CacheLayout.leadingNumber(name) else { return }
            try visit(file, y, name, descriptor)
        }
    }

    /// The names of the directories directly in `relative` (none when it does not exist).
    static func subdirectories(root: String, relative: String) -> [String] {
        var names: [String] = []
        list(root + (relative.isEmpty ? "" : "/" + relative)) { name, isDirectory in
            if isDirectory { names.append(name) }
        }
        return names.sorted()
    }

    private static func walk(root: String, relative: String, descend: (String) -> Bool,
                             visit: (CacheFile, String) throws -> Void) rethrows {
        let directories = try files(root: root, relative: relative) { file, name, _ in try visit(file, name) }
        // Dot directories are not the cache's (a clear's trash being deleted).
        for name in directories where !name.hasPrefix(".") {
            let child = relative.isEmpty ? name : relative + "/" + name
            if descend(child) { try walk(root: root, relative: child, descend: descend, visit: visit) }
        }
    }

    /// The entries directly in `relative`, each with its file name and the directory's descriptor,
    /// from one listing of the directory and two `fstatat`s per entry; returns the names of the
    /// subdirectories, sorted.
    @discardableResult
    private static func files(root: String, relative: String, _ visit: (CacheFile, String, Int32) throws -> Void) rethrows -> [String] {
        let path = root + (relative.isEmpty ? "" : "/" + relative)
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names = Set<String>(), directories: [String] = []
        read(directory, path: path) { name, isDirectory in
            if isDirectory { directories.append(name) } else { names.insert(name) }
        }
        let descriptor = dirfd(directory)
        let prefix = relative.isEmpty ? "" : relative + "/"
        for name in names.sorted() where !name.hasPrefix(".") && !name.hasSuffix(".meta") && names.contains(name + ".meta") {
            var file = stat(), meta = stat()
            guard fstatat(descriptor, name, &file, AT_SYMLINK_NOFOLLOW) == 0, (file.st_mode & S_IFMT) == S_IFREG,
                  fstatat(descriptor, name + ".meta", &meta, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            let stored = Double(meta.st_mtim.tv_sec) + Double(meta.st_mtim.tv_nsec) / 1e9
            try visit(CacheFile(key: prefix + name, bytes: Int(file.st_size) + Int(meta.st_size), stored: stored), name, descriptor)
        }
        return directories.sorted()
    }

    /// Calls `body` with each name in the directory at `path` (not `.` and `..`) and whether it is
    /// a directory (symbolic links are neither followed nor reported as directories).
    static func list(_ path: String, _ body: (String, Bool) -> Void) {
        guard let directory = opendir(path) else { return }
        defer { closedir(directory) }
        read(directory, path: path, body)
    }

    private static func read(_ directory: OpaquePointer, path: String, _ body: (String, Bool) -> Void) {
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) {
                var status = stat()
                if lstat(path + "/" + name, &status) == 0 { type = (status.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : UInt8(DT_REG) }
            }
            body(name, type == UInt8(DT_DIR))
        }
    }
}
