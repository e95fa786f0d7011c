import Foundation

/// A secret kept in a file of its own (a Kubernetes Secret mounted as a file): its text with one
/// trailing newline trimmed, and a warning when others than the owner may read the file.
struct SecretFile: Sendable {
    let text: String
    /// Says that the file is readable by its group or by everyone (without the secret).
    let warning: String?

    struct Unreadable: Error, CustomStringConvertible {
        let description: String
    }

    static func read(_ path: String) throws(Unreadable) -> SecretFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Unreadable(description: "cannot read \(path) (\(FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"))")
        }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasSuffix("\r\n") { text.removeLast(2) } else if text.hasSuffix("\n") { text.removeLast() }
        guard !text.isEmpty else { throw Unreadable(description: "\(path) is empty") }
        var status = stat()
        let open = stat(path, &status) == 0 && status.st_mode & 0o077 != 0
        return SecretFile(text: text, warning: open ? "\(path) is readable by others than its owner (chmod 600 it)" : nil)
    }
}
