import Foundation

/// A secret kept in a file of its own rather than in the configuration (a Docker or Kubernetes
/// secret, a file only the service's user may read): a database password, an admin token, the
/// URL-signing keys.
///
/// ```swift
/// let (password, warning) = try SecretFile.read(path: "/run/secrets/db-password")
/// if let warning { logger.warning("\(warning)") }
/// ```
///
/// Errors and warnings name the file, never its contents.
public enum SecretFile {
    /// Why a secret file cannot be used: missing, unreadable or empty. Its description names the
    /// file and the problem (`/run/secrets/db: no such file`), never the contents.
    public struct Problem: Error, CustomStringConvertible, Sendable, Equatable {
        public let description: String
    }

    /// The file's text as UTF-8, without one trailing newline (`\n` or `\r\n`), and a warning when
    /// the file can be read or written by others than its owner (`mode & 0o077 != 0`): the caller
    /// logs it (the secret is not in it). Throws for a missing, unreadable or empty file (a file
    /// holding only a newline is empty).
    public static func read(path: String) throws(Problem) -> (secret: String, warning: String?) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw Problem(description: "\(path): \(String(cString: strerror(errno)))") }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw Problem(description: "\(path): not a regular file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(description: "\(path): cannot be read (permission denied)")
        }
        var secret = String(decoding: data, as: UTF8.self)
        // "\r\n" is one Character in Swift: `hasSuffix("\n")` does not see it.
        if secret.hasSuffix("\r\n") || secret.hasSuffix("\n") { secret.removeLast() }
        guard !secret.isEmpty else { throw Problem(description: "\(path): the file is empty") }
        let mode = status.st_mode & 0o777
        let warning = mode & 0o077 == 0 ? nil
            : "\(path) can be read by others than its owner (mode 0\(String(mode, radix: 8))): chmod 600 it"
        return (secret, warning)
    }
}
