import Foundation
import Testing
import TestPostgres
import TestTier

/// The test server library itself: it starts, runs SQL, reports SQL errors, and stop() removes it.
@Suite(.process) struct TestPostgresTests {
    @Test func startsRunsSQLAndStopsWithoutATrace() throws {
        let server = try TestPostgres()
        #expect(server.url == "postgres://cairn@127.0.0.1:\(server.port)/cairn?sslmode=disable")
        #expect(server.certificatePath == nil)
        #expect(try server.psql("SELECT 1 + 1; SELECT current_user, current_database()") == "2\ncairn|cairn")
        let error = #expect(throws: TestPostgresError.self) { try server.psql("SELEC 1") }
        #expect(error?.description.contains(#"syntax error at or near "SELEC""#) == true)

        server.stop()
        #expect(!FileManager.default.fileExists(atPath: server.directory))
        #expect(throws: TestPostgresError.self) { try server.psql("SELECT 1") }
        server.stop()  // a second stop does nothing
    }
}
