/// Why a PMTiles archive could not be read or written. The message names the archive and the
/// problem; `kind` says whether the bytes are wrong (exit 65) or the file could not be had (exit 74).
public struct PMTilesError: Error, Equatable, CustomStringConvertible, Sendable {
    public enum Kind: Sendable {
        /// The bytes are not a valid PMTiles v3 archive (bad magic, truncated, out of range).
        case corrupt
        /// Reading or writing the file failed.
        case io
        /// A remote archive was replaced while it was read (its ETag moved): read it again from the start.
        case replaced
    }

    public let kind: Kind
    public let message: String

    public init(_ message: String, kind: Kind = .corrupt) {
        self.message = message
        self.kind = kind
    }

    public var description: String { message }

    /// The same error with `name: ` in front, unless the message already starts with it.
    func naming(_ name: String) -> PMTilesError {
        message.hasPrefix(name) ? self : PMTilesError("\(name): \(message)", kind: kind)
    }
}
