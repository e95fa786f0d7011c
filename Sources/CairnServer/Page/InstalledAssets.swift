import Foundation
import Synchronization

/// The files of an installed library (Leaflet from Debian's `libjs-leaflet`), served as they are:
/// only plain names of known types, at most one directory deep (`images/layers.png`), read once
/// and then kept in memory. Nothing outside the directory can be named.
final class InstalledAssets: Sendable {
    let directory: String
    private let files = Mutex<[String: StaticFile]>([:])

    init(directory: String) {
        self.directory = directory
    }

    /// The file at `path` inside the directory; nil when it is not a plain name of a known type or
    /// is not there.
    func file(_ path: String) -> StaticFile? {
        guard Self.isPlainPath(path), let contentType = StaticFile.contentType(forName: path) else { return nil }
        if let known = files.withLock({ $0[path] }) { return known }
        guard let data = FileManager.default.contents(atPath: directory + "/" + path) else { return nil }
        let gzipped = FileManager.default.contents(atPath: directory + "/" + path + ".gz").map { Array($0) }
        let file = StaticFile(bytes: Array(data), contentType: contentType, gzipped: gzipped)
        files.withLock { $0[path] = file }
        return file
    }

    /// One or two segments of letters, digits, `-`, `_` and `.`, none starting with a dot.
    static func isPlainPath(_ path: String) -> Bool {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(segments.count), path.utf8.count <= 200 else { return false }
        return segments.allSatisfy { segment in
            !segment.isEmpty && segment.first != "." && segment.utf8.allSatisfy {
                (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) || [45, 46, 95].contains($0)
            }
        }
    }
}
