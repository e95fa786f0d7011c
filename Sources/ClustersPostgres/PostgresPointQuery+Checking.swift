extension PostgresPointQuery {
    /// Checks what can be checked without a server — the URL, its parameters and TLS files — so a
    /// configuration can be rejected at startup rather than at its first read.
    public func validate() throws(PostgresPointError) {
        _ = try connectionURL().configuration(connectTimeout: timeout)
    }

    /// The URL's parts, with ``password`` in place of the URL's own when it is given.
    func connectionURL() throws(PostgresPointError) -> PostgresURL {
        var parsed = try PostgresURL(parsing: url)
        if let password { parsed.password = password }
        return parsed
    }

    /// The URL with its password replaced by `***`, for logs and status pages.
    public var redactedURL: String {
        RawURL(url).redacted
    }
}
