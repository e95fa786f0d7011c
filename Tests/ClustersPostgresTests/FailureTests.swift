import Clusters
import ClustersPostgres
import Foundation
import Logging
import Testing
import TestPostgres

extension PostgresTests {
    @Suite struct Failures {
        /// How soon a timed-out or cancelled query of 600 s must end: 90 s, more for a sanitized build
        /// (`CAIRN_TEST_TIME_SCALE`), never near the query's own 600 s. The time a timeout takes is not
        /// what is checked, only that it cut the query short: a deadline wakes up on Swift's shared
        /// thread pool, which the whole parallel test run keeps busy on two cores (a loaded machine
        /// took 5.3 s, and CI once 26 s, for a 400 ms timeout).
        static let bound = Duration.seconds(min(90 * max(1, ProcessInfo.processInfo.environment["CAIRN_TEST_TIME_SCALE"].flatMap(Double.init) ?? 1), 240))

        @Test func aSyntaxErrorGivesItsSQLSTATE() async throws {
            let server = try PostgresTests.server
            let error = await #expect(throws: PostgresPointError.self) {
                try await server.read("SELEC id, lon, lat FROM nowhere")
            }
            guard case .queryFailed(let state, let message) = error else {
                Issue.record("expected queryFailed, got \(String(describing: error))")
                return
            }
            #expect(state == "42601")
            #expect(message == #"syntax error at or near "SELEC""#)
            #expect(error?.description == #"PostgreSQL query failed: 42601 syntax error at or near "SELEC""#)
        }

        @Test func aMissingTableGivesItsSQLSTATE() async throws {
            let server = try PostgresTests.server
            let error = await #expect(throws: PostgresPointError.self) {
                try await server.read("SELECT id, lon, lat FROM no_such_table")
            }
            #expect(error == .queryFailed(sqlState: "42P01", message: #"relation "no_such_table" does not exist"#))
        }

        @Test func aMissingCoordinateColumnListsTheQuerysColumns() async throws {
            let server = try PostgresTests.server
            let error = await #expect(throws: PostgresPointError.self) {
                try await server.read("SELECT 1 AS id, 2 AS x, 3 AS lat, 'a' AS name")
            }
            #expect(error == .missingColumn(name: "lon", role: "longitude", columns: ["id", "x", "lat", "name"]))
            #expect(error?.description == #"the query has no longitude column "lon"; its columns are id, x, lat, name"#)
        }

        @Test func aMissingIdColumnIsAnErrorUnlessIdsAreTurnedOff() async throws {
            let server = try PostgresTests.server
            let error = await #expect(throws: PostgresPointError.self) {
                try await server.read("SELECT 2 AS lon, 3 AS lat")
            }
            #expect(error == .missingColumn(name: "id", role: "id", columns: ["lon", "lat"]))
            let outcome = try await server.read("SELECT 2 AS lon, 3 AS lat") { $0.idColumn = nil }
            #expect(outcome.points.rows == [Row(2, 3, id: nil, "{}")])
        }

        @Test func aTextCoordinateColumnAsksForACast() async throws {
            let server = try PostgresTests.server
            let error = await #expect(throws: PostgresPointError.self) {
                try await server.read("SELECT 1 AS id, '16.3'::text AS lon, 48.2 AS lat")
            }
            #expect(error == .notANumberColumn(name: "lon", role: "longitude", type: "TEXT"))
            #expect(error?.description.contains("lon::float8") == true)
        }

        @Test func aSecondStatementIsRejectedByTheServer() async throws {
            let server = try PostgresTests.server
            let error = await #expect(throws: PostgresPointError.self) {
                try await server.read("SELECT 1 AS id, 0 AS lon, 0 AS lat; SELECT 2")
            }
            #expect(error == .queryFailed(
                sqlState: "42601", message: "cannot insert multiple commands into a prepared statement"))
        }

        @Test func aSlowQueryTimesOutAndTheConnectionIsClosed() async throws {
            let server = try PostgresTests.server
            let clock = ContinuousClock()
            let started = clock.now
            let error = await #expect(throws: PostgresPointError.self) {
                try await server.read(
                    "SELECT 1 AS id, 0 AS lon, 0 AS lat, pg_sleep(600) AS nap"
                ) { $0.timeout = .milliseconds(400) }
            }
            #expect(error == .timeout(.milliseconds(400)))
            #expect(error?.description == "PostgreSQL read timed out after 400 ms")
            #expect(clock.now - started < Self.bound)
        }

        /// Connecting counts against the query's timeout, and running out of it while connecting is a
        /// timeout too — not a connection error, whichever of the two clocks (the read's deadline or
        /// PostgresNIO's connect timeout) notices first. Many reads at once load the machine, so
        /// both orders happen.
        @Test(arguments: ["disable", "require"])
        func aServerThatNeverAnswersIsATimeout(sslMode: String) async throws {
            let silent = try SilentServer()
            let url = "postgres://cairn@127.0.0.1:\(silent.port)/cairn?sslmode=\(sslMode)"
            let clock = ContinuousClock()
            let started = clock.now
            let query = PostgresPointQuery(url: url, query: "SELECT 1 AS id, 0 AS lon, 0 AS lat", timeout: .milliseconds(250))
            let outcomes = await withTaskGroup(of: String.self) { group in
                for _ in 0..<40 {
                    group.addTask {
                        do throws(PostgresPointError) {
                            _ = try await PostgresPointSource(query, name: "silent", logger: Logger(label: "test")).read()
                            return "read"
                        } catch {
                            return error == .timeout(.milliseconds(250)) ? "timeout" : error.description
                        }
                    }
                }
                return await group.reduce(into: [String]()) { $0.append($1) }
            }
            #expect(outcomes.count == 40)
            #expect(outcomes.filter { $0 != "timeout" } == [])
            #expect(clock.now - started < Self.bound)
            withExtendedLifetime(silent) {}
        }

        @Test func cancellingAReadEndsIt() async throws {
            let server = try PostgresTests.server
            let clock = ContinuousClock()
            let started = clock.now
            let read = Task { try await server.read("SELECT 1 AS id, 0 AS lon, 0 AS lat, pg_sleep(600) AS cancelled_nap") }
            // Cancelled once PostgreSQL runs the query (bounded: a read that never starts fails the test).
            let running = "SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%cancelled_nap%' AND pid <> pg_backend_pid()"
            #expect(try await server.answers(running, "1"), "the read never ran its query")
            read.cancel()
            let result = await read.result
            #expect(throws: PostgresPointError.cancelled) { try result.get() }
            #expect(clock.now - started < Self.bound)
        }
    }
}
