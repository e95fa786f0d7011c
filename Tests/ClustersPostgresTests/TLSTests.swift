import Clusters
import ClustersPostgres
import Testing
import TestPostgres

extension PostgresTests {
    /// The shared server offers TLS with a self-signed certificate for 127.0.0.1 and localhost.
    @Suite struct TLS {
        /// Whether the connection that ran the query used TLS, as the server saw it.
        static func usedTLS(_ server: TestPostgres, _ parameters: String, host: String = "127.0.0.1") async throws -> Bool {
            let outcome = try await server.read(
                "SELECT 1 AS id, 0 AS lon, 0 AS lat, ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
                url: "postgres://cairn@\(host):\(server.port)/cairn\(parameters)")
            return try #require(outcome.points.properties[0]) == #"{"ssl":true}"#
        }

        @Test func sslModesChooseWhetherTheConnectionIsEncrypted() async throws {
            let server = try PostgresTests.server
            #expect(try await Self.usedTLS(server, "?sslmode=disable") == false)
            #expect(try await Self.usedTLS(server, "") == false)  // a loopback host without sslmode
            #expect(try await Self.usedTLS(server, "?sslmode=prefer") == true)
            #expect(try await Self.usedTLS(server, "?sslmode=require") == true)
        }

        @Test func verifyFullTrustsTheGivenRootCertificate() async throws {
            let server = try PostgresTests.server
            let certificate = try #require(server.certificatePath)
            #expect(try await Self.usedTLS(server, "?sslmode=verify-full&sslrootcert=\(certificate)") == true)
            #expect(try await Self.usedTLS(
                server, "?sslmode=verify-full&sslrootcert=\(certificate)", host: "localhost") == true)
        }

        @Test func verifyFullRejectsAnUntrustedCertificate() async throws {
            let server = try PostgresTests.server
            let error = await #expect(throws: PostgresPointError.self) {
                _ = try await Self.usedTLS(server, "?sslmode=verify-full")
            }
            guard case .connectionFailed(let endpoint, let message) = error else {
                Issue.record("expected connectionFailed, got \(String(describing: error))")
                return
            }
            #expect(endpoint == "127.0.0.1:\(server.port)")
            #expect(message.localizedCaseInsensitiveContains("certificate"))
        }
    }
}
