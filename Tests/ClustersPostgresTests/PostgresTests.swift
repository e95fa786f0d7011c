import Testing
import TestPostgres
import TestTier

/// The suites that need a PostgreSQL server, nested in one suite so that one real server (with TLS,
/// see ``SharedPostgres``) serves them all; each test makes its own tables.
@Suite(.sharedPostgres, .process) struct PostgresTests {}

/// Starts one ``TestPostgres`` for the suite it is attached to, hands it to the suite's tests as a
/// task-local value, and stops it when they have all run.
struct SharedPostgres: SuiteTrait, TestScoping {
    @TaskLocal static var current: TestPostgres?

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let server = try TestPostgres(tls: true)
        defer { server.stop() }
        try await Self.$current.withValue(server, operation: function)
    }
}

extension Trait where Self == SharedPostgres {
    /// One real PostgreSQL server for the suite and everything nested in it.
    static var sharedPostgres: Self { SharedPostgres() }
}

extension PostgresTests {
    /// The suite's server.
    static var server: TestPostgres {
        get throws { try #require(SharedPostgres.current, "the suite needs the .sharedPostgres trait") }
    }
}
