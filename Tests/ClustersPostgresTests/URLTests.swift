import Testing
@testable import ClustersPostgres

/// Connection URLs read as libpq reads them; no server needed.
@Suite struct URLTests {
    @Test func aFullURL() throws {
        let url = try PostgresURL(parsing: "postgres://shop%20reader:p%40ss%3Aword@db.example.com:6432/shops%2Feu?sslmode=require")
        #expect(url.endpoint == .tcp(host: "db.example.com", port: 6432))
        #expect(url.user == "shop reader")
        #expect(url.password == "p@ss:word")
        #expect(url.database == "shops/eu")
        #expect(url.sslMode == .require)
        #expect(url.redacted == "postgres://shop%20reader:***@db.example.com:6432/shops%2Feu?sslmode=require")
        #expect(url.server == "db.example.com:6432")
        #expect(!url.isLocal)
    }

    @Test func defaultsAndThePostgresqlScheme() throws {
        let url = try PostgresURL(parsing: "postgresql://localhost")
        #expect(url.endpoint == .tcp(host: "localhost", port: 5432))
        #expect(url.user == nil && url.password == nil && url.database == nil && url.sslMode == nil)
        #expect(url.isLocal)
    }

    @Test func anIPv6Host() throws {
        let url = try PostgresURL(parsing: "postgres://u@[::1]:5433/db")
        #expect(url.endpoint == .tcp(host: "::1", port: 5433))
        #expect(url.server == "[::1]:5433")
        #expect(url.isLocal)
    }

    @Test func unixSockets() throws {
        #expect(try PostgresURL(parsing: "postgres:///db").endpoint == .socket(path: "/var/run/postgresql/.s.PGSQL.5432"))
        #expect(try PostgresURL(parsing: "postgres://%2Ftmp%2Fpg:5433/db").endpoint == .socket(path: "/tmp/pg/.s.PGSQL.5433"))
        let parameters = try PostgresURL(parsing: "postgres://me@/db?host=/run/pg&port=7000&password=secret")
        #expect(parameters.endpoint == .socket(path: "/run/pg/.s.PGSQL.7000"))
        #expect(parameters.password == "secret")
        #expect(parameters.redacted == "postgres://me@/db?host=/run/pg&port=7000&password=***")
    }

    @Test(arguments: [
        ("mysql://host/db", "it must start with postgres:// or postgresql://"),
        ("postgres://host:port/db", #"port "port" is not a number from 1 to 65535"#),
        ("postgres://host:70000/db", #"port "70000" is not a number from 1 to 65535"#),
        ("postgres://a,b/db", "several hosts are not supported"),
        ("postgres://host/db?sslmode=allow", #"sslmode "allow" is not one of disable, prefer, require, verify-ca, verify-full"#),
        ("postgres://host/db?sslmod=disable", #"unknown parameter "sslmod"; known: host, port, user, password, dbname, sslmode, sslrootcert, application_name"#),
        ("postgres://host/db?sslmode", #"parameter "sslmode" has no value (write key=value)"#),
        ("postgres://::1/db", "an IPv6 host must be written in brackets: [::1]"),
    ])
    func badURLsSayWhatIsWrong(url: String, problem: String) {
        #expect(throws: PostgresPointError.invalidURL(url: url, problem: problem)) {
            try PostgresURL(parsing: url)
        }
    }

    @Test func aBadURLNeverShowsThePassword() {
        #expect(throws: PostgresPointError.invalidURL(
            url: "postgres://me:***@host:x/db", problem: #"port "x" is not a number from 1 to 65535"#)
        ) {
            try PostgresURL(parsing: "postgres://me:hunter2@host:x/db")
        }
    }
}

/// What a configuration loader can check before any read.
@Suite struct QueryCheckingTests {
    @Test func validateRejectsABadURLOrTLSFileWithoutAServer() throws {
        try PostgresPointQuery(url: "postgres://me:pw@db.example.com/shops", query: "SELECT 1").validate()
        #expect(throws: PostgresPointError.invalidURL(
            url: "postgres://me:***@db.example.com/shops?sslmod=require",
            problem: #"unknown parameter "sslmod"; known: host, port, user, password, dbname, sslmode, sslrootcert, application_name"#)
        ) {
            try PostgresPointQuery(url: "postgres://me:pw@db.example.com/shops?sslmod=require", query: "SELECT 1").validate()
        }
        let error = #expect(throws: PostgresPointError.self) {
            try PostgresPointQuery(
                url: "postgres://db.example.com/shops?sslmode=verify-full&sslrootcert=/no/such/ca.pem", query: "SELECT 1"
            ).validate()
        }
        #expect(error?.description.hasPrefix(
            "invalid PostgreSQL URL postgres://db.example.com/shops?sslmode=verify-full&sslrootcert=/no/such/ca.pem: cannot set up TLS with sslrootcert /no/such/ca.pem") == true)
    }

    @Test func theRedactedURLHidesThePassword() {
        let query = PostgresPointQuery(url: "postgres://me:s3cret@db:5432/shops?password=other", query: "SELECT 1")
        #expect(query.redactedURL == "postgres://me:***@db:5432/shops?password=***")
    }
}
