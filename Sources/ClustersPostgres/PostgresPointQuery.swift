/// A dataset read from PostgreSQL: a connection URL and a query returning id, lon, lat and
/// property columns.
///
/// ```swift
/// let query = PostgresPointQuery(
///     url: "postgres://cairn:secret@db.internal:5432/shops?sslmode=disable",
///     query: "SELECT id, ST_X(geom) AS lon, ST_Y(geom) AS lat, name FROM shops")
/// ```
public struct PostgresPointQuery: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The server and database: `postgres://user:password@host:port/database`, also
    /// `postgresql://`; `?sslmode=disable` (the only TLS mode supported), a unix socket directory
    /// via `?host=/path`.
    public var url: String
    /// The SQL query; one row per point.
    public var query: String
    /// The column holding each point's id (numbers become JSON numbers, other types JSON strings;
    /// NULL: no id); nil when the points have no id.
    public var idColumn: String? = "id"
    /// The column holding the longitude in degrees.
    public var longitudeColumn = "lon"
    /// The column holding the latitude in degrees.
    public var latitudeColumn = "lat"
    /// The longest a read may take, connecting and querying together.
    public var timeout: Duration = .seconds(30)
    /// The channel whose notifications (`NOTIFY channel`, `pg_notify('channel', …)`) say the rows
    /// changed, so the points are read again at once (see ``PostgresNotifications``); nil to rely on
    /// re-reading on a schedule. A valid name passes ``PostgresChannelName/problem(with:)``.
    public var listen: String?
    /// The password to log in with, in place of the URL's (read from a `password_file`); nil uses
    /// the URL's own, if any. Never shown: descriptions and messages show ``redactedURL``.
    public var password: String?

    public init(
        url: String,
        query: String,
        idColumn: String? = "id",
        longitudeColumn: String = "lon",
        latitudeColumn: String = "lat",
        timeout: Duration = .seconds(30)
    ) {
        self.url = url
        self.query = query
        self.idColumn = idColumn
        self.longitudeColumn = longitudeColumn
        self.latitudeColumn = latitudeColumn
        self.timeout = timeout
    }

    /// The redacted URL and the query: what may be logged.
    public var description: String { "\(redactedURL): \(query)" }
    public var debugDescription: String { description }
}
