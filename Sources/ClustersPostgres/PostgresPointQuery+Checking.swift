extension PostgresPointQuery {
    /// Checks what can be checked without a server — the URL, its parameters and TLS files — so a
    /// configuration can be rejected at startup rather than at its first read.
    public func validate() throws(PostgresPointError) {
        _ = try PostgresURL(parsing: url).configuration(connectTimeout: timeout)
    }

    /// The URL with its password replaced by `***`, for logs and status pages.
    public var redactedURL: String {
        RawURL(url).redacted
    }
}
