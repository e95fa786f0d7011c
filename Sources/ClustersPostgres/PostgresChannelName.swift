/// The names Cairn listens on: PostgreSQL identifiers written so that `LISTEN name`, `NOTIFY name`
/// and `pg_notify('name', …)` all mean the same channel — lower-case ASCII letters, digits and `_`,
/// not starting with a digit, at most 63 bytes (an identifier's limit). Upper case is refused
/// rather than quoted: an unquoted `NOTIFY Stores` is the channel `stores`, so a quoted
/// `"Stores"` would never hear it.
public enum PostgresChannelName {
    /// The longest identifier PostgreSQL keeps whole (NAMEDATALEN − 1).
    public static let maximumLength = 63

    /// Why `name` cannot be a channel name, nil when it can.
    public static func problem(with name: String) -> String? {
        let bytes = Array(name.utf8)
        let isStart = { (byte: UInt8) in (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte == UInt8(ascii: "_") }
        let isPart = { (byte: UInt8) in isStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard let first = bytes.first, isStart(first), bytes.allSatisfy(isPart) else {
            return "'\(name.prefix(80))' is not a channel name: use lower-case letters, digits and _, not starting with a digit (e.g. stores_changed)"
        }
        guard bytes.count <= maximumLength else {
            return "'\(name.prefix(80))' is \(bytes.count) bytes long; a channel name has at most \(maximumLength)"
        }
        return nil
    }
}
