/// Why a test PostgreSQL server could not be set up or a `psql` command failed.
public struct TestPostgresError: Error, CustomStringConvertible {
    /// What failed, with the tool's own output (the server log when the server did not start).
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
