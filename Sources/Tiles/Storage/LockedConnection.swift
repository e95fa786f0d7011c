/// Lets a non-Sendable connection (an SQLite reader or writer) live in a `Mutex`, which is the only
/// place it is touched from.
struct LockedConnection<Connection>: @unchecked Sendable {
    let connection: Connection
    init(_ connection: Connection) { self.connection = connection }
}
