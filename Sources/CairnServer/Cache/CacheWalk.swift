import Glibc

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

    /// The entries of a tile tree — `directory/z/x/y…` — whose zoom directory `zoom` accepts and
    /// whose column directory `column(z, x)` accepts; `visit` gets each with its tile. Other
    /// directories in the tree's root (an animated layer's `frames`) are not entered.
    static func tiles(root: String, tree directory: String, zoom: (Int) -> Bool, column: (Int, Int) -> Bool,
                      _ visit: (CacheFile, _ z: Int, _ x: Int, _ y: Int) throws -> Void) rethrows {
        for zName in subdirectories(root: root, relative: directory) {
            guard let z = CacheLayout.number(zName), zoom(z) else { continue }
            for xName in subdirectories(root: root, relative: directory + "/" + zName) {
                guard let x = CacheLayout.number(xName), column(z, x) else { continue }
                try files(root: root, relative: directory + "/" + zName + "/" + xName) { file, name in
                    guard let y = CacheLayout.leadingNumber(name) else { return }
                    try visit(file, z, x, y)
                }
            }
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
        let directories = try files(root: root, relative: relative, visit)
        // Dot directories are not the cache's (a clear's trash being deleted).
        for name in directories where !name.hasPrefix(".") {
            let child = relative.isEmpty ? name : relative + "/" + name
            if descend(child) { try walk(root: root, relative: child, descend: descend, visit: visit) }
        }
    }

    /// The entries directly in `relative`, each with its file name, from one listing of the
    /// directory and two `fstatat`s per entry; returns the subdirectories' names, sorted.
    @discardableResult
    private static func files(root: String, relative: String, _ visit: (CacheFile, String) throws -> Void) rethrows -> [String] {
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
            try visit(CacheFile(key: prefix + name, bytes: Int(file.st_size) + Int(meta.st_size), stored: stored), name)
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
