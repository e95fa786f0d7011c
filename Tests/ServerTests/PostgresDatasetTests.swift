import Foundation
import Testing
import TestPostgres
import TestSupport
import TestTier

/// A PostgreSQL dataset of `cairn serve` against a real PostgreSQL server: the query's rows are
/// clustered and served, re-run every `refresh`; a failing query keeps the last good index (logged,
/// counted); a database that cannot be reached or bad rows at start stop the server with 74 or 65.
@Suite(.process, .datasetPostgres) struct PostgresDatasetTests {
    static func config(_ database: TestPostgres, table: String, refresh: String = "500ms") -> String {
        """
        layers: {}
        datasets:
          places:
            postgres: {url: "\(database.url)", query: "SELECT id, name, population, lon, lat FROM \(table)", timeout: 5s}
            refresh: \(refresh)
            aggregates: {total: {sum: population}}
        """
    }

    static func features(_ server: ServerProcess, zoom: Int) throws -> (features: [GeoFeature], response: HTTPResponse) {
        let response = try server.request("/clusters/places?zoom=\(zoom)")
        try #require(response.status == 200, "\(response.text)")
        return (try GeoFeature.collection(response.body), response)
    }

    @Test func rowsAreServedAndTheQueryReRunEveryRefresh() throws {
        let database = try DatasetPostgres.server
        try database.psql("""
            CREATE TABLE places (id int, name text, population int, lon float8, lat float8);
            INSERT INTO places VALUES (1, 'Paris', 2100000, 2.35, 48.85), (2, 'Berlin', 3600000, 13.40, 52.52),
                                      (3, 'Tokyo', 14000000, 139.69, 35.69);
            """)
        let server = try ServerProcess(config: Self.config(database, table: "places"))
        defer { server.kill() }
        let points = try Self.features(server, zoom: 16).features
        #expect(Set(points.compactMap(\.id)) == [1, 2, 3])
        let paris = try #require(points.first { $0.id == 1 })
        #expect(paris.properties["name"] as? String == "Paris" && paris.properties["population"] as? Int == 2_100_000, "\(paris)")
        #expect(abs(paris.lon - 2.35) < 1e-9 && abs(paris.lat - 48.85) < 1e-9)
        #expect(try server.metric("cairn_dataset_points", ["dataset": "places"]) == 3)

        // New rows near Paris: seen after a refresh, clustered with it.
        try database.psql("INSERT INTO places VALUES (4, 'Versailles', 85000, 2.13, 48.80), (5, 'Saint-Denis', 110000, 2.36, 48.94)")
        #expect(eventually(timeout: 6) { (try? Self.features(server, zoom: 16).features.count) == 5 }, "the new rows were not served")
        let zoom5 = try Self.features(server, zoom: 5).features
        let cluster = try #require(zoom5.first { $0.isCluster }, "\(zoom5)")
        #expect(cluster.pointCount == 3 && cluster.properties["total"] as? Int == 2_100_000 + 85000 + 110_000, "\(cluster)")
        #expect(zoom5.count == 3)  // the Paris cluster, Berlin, Tokyo
        #expect(try server.metric("cairn_dataset_points", ["dataset": "places"]) == 5)
        #expect(try server.metric("cairn_dataset_refresh_failures_total", ["dataset": "places"]) ?? 0 == 0)

        // The query fails: the last good index goes on being served.
        let (_, good) = try Self.features(server, zoom: 16)
        try database.psql("ALTER TABLE places RENAME COLUMN lon TO longitude")
        #expect(eventually(timeout: 6) { ((try? server.metric("cairn_dataset_refresh_failures_total", ["dataset": "places"])) ?? 0) >= 1 },
                "no refresh failure counted")
        let (after, served) = try Self.features(server, zoom: 16)
        #expect(after.count == 5 && served.body == good.body && served.header("ETag") == good.header("ETag"))
        let errors = server.log.split(separator: "\n").filter { $0.contains(" error ") && $0.contains("dataset refresh failed") }
        #expect(errors.contains { $0.contains("dataset=places") && $0.contains("42703") }, "log:\n\(server.log)")
        #expect(try server.metric("cairn_dataset_points", ["dataset": "places"]) == 5)
    }

    @Test func anInvalidRowAtStartStopsTheServerWith65() throws {
        let database = try DatasetPostgres.server
        try database.psql("""
            CREATE TABLE bad_places (id int, name text, population int, lon float8, lat float8);
            INSERT INTO bad_places VALUES (1, 'Paris', 2100000, 2.35, 48.85), (2, 'Nowhere', 1, 2.35, 95);
            """)
        let (status, stderr) = try ServerProcess.failedStart(config: Self.config(database, table: "bad_places"))
        #expect(status == 65, "\(stderr)")
        let errors = stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(errors.count == 1 && errors.first?.hasSuffix("/cairn.yml: datasets.places: places: row 2: latitude 95 is out of range (-90...90)") == true,
                "\(stderr)")
    }

    @Test func anUnreachableDatabaseAtStartStopsTheServerWith74() throws {
        let port = try TestPostgres.closedPort()
        let (status, stderr) = try ServerProcess.failedStart(config: """
            layers: {}
            datasets:
              places:
                postgres: {url: "postgres://cairn@127.0.0.1:\(port)/cairn?sslmode=disable", query: "SELECT id, lon, lat FROM places", timeout: 3s}
            """)
        #expect(status == 74, "\(stderr)")
        let errors = stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(errors.count == 1, "\(stderr)")
        let line = errors.first ?? ""
        #expect(line.contains("/cairn.yml: datasets.places: cannot connect to PostgreSQL at 127.0.0.1:\(port)"), "\(line)")
    }
}

/// One real PostgreSQL server for the suite it is attached to (each test makes its own tables),
/// stopped when the suite's tests have run.
struct DatasetPostgres: SuiteTrait, TestScoping {
    @TaskLocal static var current: TestPostgres?

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let server = try TestPostgres()
        defer { server.stop() }
        try await Self.$current.withValue(server, operation: function)
    }

    static var server: TestPostgres {
        get throws { try #require(current, "the suite needs the .datasetPostgres trait") }
    }
}

extension Trait where Self == DatasetPostgres {
    static var datasetPostgres: Self { DatasetPostgres() }
}
