/// A file or database that could not be read or written: the message names the path and the
/// reason (the system's or SQLite's words). `code` is the `errno` of the system call that failed,
/// when one did, so a caller can tell a missing directory (`ENOENT`) from a full disk (`ENOSPC`).
public struct StorageError: Error, Equatable, CustomStringConvertible, Sendable {
    public let message: String
    public let code: Int32?

    public init(_ message: String, code: Int32? = nil) {
        self.message = message
        self.code = code
    }

    public var description: String { message }
}
