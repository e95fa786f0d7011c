import Clusters
import ClustersPostgres
import Testing
import TestPostgres

extension PostgresTests {
    @Suite struct Connections {
        /// A role that must give its password; the password needs percent-encoding in a URL.
        static func makeReader(_ server: TestPostgres) throws -> String {
            let role = TestPostgres.tableName("reader")
            try server.psql("CREATE ROLE \(role) LOGIN PASSWORD 'p@ss:w/rd%'")
            return role
        }

        @Test func aPercentEncodedPasswordLogsIn() async throws {
            let server = try PostgresTests.server
            let role = try Self.makeReader(server)
            let outcome = try await server.read(
                "SELECT 1 AS id, 0 AS lon, 0 AS lat, current_user AS who",
                url: "postgresql://\(role):p%40ss%3Aw%2Frd%25@127.0.0.1:\(server.port)/cairn?sslmode=disable")
            #expect(outcome.points.properties[0] == #"{"who":"\#(role)"}"#)
        }

        @Test func aWrongPasswordIsAConnectionErrorWithoutThePassword() async throws {
            let server = try PostgresTests.server
            let role = try Self.makeReader(server)
            let error = await #expect(throws: PostgresPointError.self) {
                try await server.read(
                    "SELECT 1", url: "postgres://\(role):Wr0ngSecret@127.0.0.1:\(server.port)/cairn?sslmode=disable")
            }
            #expect(error == .connectionFailed(
                server: "127.0.0.1:\(server.port)",
                message: #"password authentication failed for user "\#(role)" (SQLSTATE 28P01)"#))
            #expect(error?.description.contains("Wr0ngSecret") == false)
        }

        @Test func aClosedPortIsAConnectionError() async throws {
            let server = try PostgresTests.server
            let closed = try TestPostgres.closedPort()
            let error = await #expect(throws: PostgresPointError.self) {
                try await server.read("SELECT 1", url: "postgres://cairn:Secret42@127.0.0.1:\(closed)/cairn?sslmode=disable")
            }
            guard case .connectionFailed(let endpoint, let message) = error else {
                Issue.record("expected connectionFailed, got \(String(describing: error))")
                return
            }
            #expect(endpoint == "127.0.0.1:\(closed)")
            #expect(message.localizedCaseInsensitiveContains("refused"))
            #expect(error?.description.contains("Secret42") == false)
        }

        @Test func anUnknownDatabaseIsAConnectionError() async throws {
            let server = try PostgresTests.server
            let error = await #expect(throws: PostgresPointError.self) {
                try await server.read("SELECT 1", url: "postgres://cairn@127.0.0.1:\(server.port)/nope?sslmode=disable")
            }
            #expect(error == .connectionFailed(
                server: "127.0.0.1:\(server.port)", message: #"database "nope" does not exist (SQLSTATE 3D000)"#))
        }

        @Test func aUnixSocketDirectoryInTheHostParameter() async throws {
            let server = try PostgresTests.server
            let outcome = try await server.read(
                "SELECT 1 AS id, 0 AS lon, 0 AS lat, inet_client_addr() IS NULL AS local",
                url: "postgres://cairn@/cairn?host=\(server.directory)&port=\(server.port)")
            #expect(outcome.points.properties[0] == #"{"local":true}"#)
        }

        @Test func everyReadClosesItsConnectionAlsoOnErrors() async throws {
            let server = try PostgresTests.server
            let name = TestPostgres.tableName("closing")
            let url = server.url + "&application_name=\(name)"
            _ = try await server.read("SELECT 1 AS id, 0 AS lon, 0 AS lat", url: url)
            _ = try? await server.read("SELECT no_such_column", url: url)
            _ = try? await server.read("SELECT 1 AS id, 0 AS lat", url: url)
            // The server ends a closed connection's backend soon, but not at once when other
            // suites keep it busy: up to 10 s.
            var open = "?"
            for _ in 0..<200 {
                open = try server.psql("SELECT count(*) FROM pg_stat_activity WHERE application_name = '\(name)'")
                if open == "0" { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(open == "0")
        }
    }
}
