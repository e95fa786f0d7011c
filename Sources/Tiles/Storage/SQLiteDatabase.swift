import CSQLite
import Foundation

/// One SQLite connection, owned and closed in `deinit`; statements are prepared once and reused.
/// Not thread-safe: one owner at a time.
final class SQLiteDatabase {
    private let handle: OpaquePointer
    let path: String

    init(path: String, readOnly: Bool) throws {
        var db: OpaquePointer?
        let flags = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let status = sqlite3_open_v2(path, &db, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(db)
            throw StorageError("\(path): \(message)")
        }
        handle = db
        self.path = path
        sqlite3_busy_timeout(db, 5000)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs SQL with no results (several statements allowed).
    func execute(_ sql: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &error) == SQLITE_OK else {
            sqlite3_free(error)
            throw StorageError("\(path): \(lastError)")
        }
    }

    func prepare(_ sql: String) throws -> Statement {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw StorageError("\(path): \(String(cString: sqlite3_errmsg(handle)))")
        }
        return Statement(handle: statement, database: self)
    }

    /// SQLite's message for the last failure; when the file system failed (a full disk, an I/O
    /// error) the system's reason comes first: `No space left on device (database or disk is full)`.
    var lastError: String {
        let message = String(cString: sqlite3_errmsg(handle))
        // SQLite reports a full disk as SQLITE_FULL, often without the errno (a short write).
        let system = sqlite3_errcode(handle) & 0xff == SQLITE_FULL ? ENOSPC : sqlite3_system_errno(handle)
        guard [SQLITE_FULL, SQLITE_IOERR].contains(sqlite3_errcode(handle) & 0xff), system != 0 else { return message }
        return "\(String(cString: strerror(system))) (\(message))"
    }

    /// A prepared statement, finalized in `deinit`.
    final class Statement {
        private let handle: OpaquePointer
        private unowned let database: SQLiteDatabase

        init(handle: OpaquePointer, database: SQLiteDatabase) {
            self.handle = handle
            self.database = database
        }

        deinit { sqlite3_finalize(handle) }

        func bind(_ values: [Binding]) {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
            for (offset, value) in values.enumerated() {
                let index = Int32(offset + 1)
                switch value {
                case .integer(let v): sqlite3_bind_int64(handle, index, sqlite3_int64(v))
                case .text(let v): sqlite3_bind_text(handle, index, v, -1, cairn_sqlite_transient)
                case .blob(let v):
                    _ = v.withUnsafeBytes { sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), cairn_sqlite_transient) }
                }
            }
        }

        /// Steps once; true when a row is available.
        func step() throws -> Bool {
            switch sqlite3_step(handle) {
            case SQLITE_ROW: return true
            case SQLITE_DONE: return false
            default: throw StorageError("\(database.path): \(database.lastError)")
            }
        }

        /// Ends the current run so the statement holds no lock (a read left mid-way blocks journal changes).
        func reset() { sqlite3_reset(handle) }

        func integer(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }
        func text(_ column: Int32) -> String { sqlite3_column_text(handle, column).map { String(cString: $0) } ?? "" }
        func blob(_ column: Int32) -> [UInt8] {
            let count = Int(sqlite3_column_bytes(handle, column))
            guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return [] }
            return Array(UnsafeRawBufferPointer(start: bytes, count: count))
        }
    }

    enum Binding {
        case integer(Int)
        case text(String)
        case blob([UInt8])
    }
}
