import Foundation

/// Directories made as `mkdir -p` makes them: one `mkdir` when the parent exists, and one more per
/// missing level above it (Foundation's `createDirectory` looks at every level of the path first).
public enum Directories {
    /// Makes `path` and any missing parents (mode 0777 less the umask); true when `path` is a
    /// directory afterwards, also when it already was or another thread made it meanwhile.
    @discardableResult
    public static func make(_ path: String) -> Bool {
        if mkdir(path, 0o777) == 0 { return true }
        switch errno {
        case EEXIST:
            return isDirectory(path)
        case ENOENT:
            guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash != path.utf8.startIndex,
                  make(String(path[..<slash])) else { return false }
            return mkdir(path, 0o777) == 0 || (errno == EEXIST && isDirectory(path))
        default:
            return false
        }
    }

    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}
