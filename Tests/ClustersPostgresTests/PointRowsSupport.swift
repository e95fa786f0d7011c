import Clusters
import ClustersPostgres
import Logging
import TestPostgres

/// One point as the tests compare it: coordinates, id and properties JSON text.
struct Row: Equatable, CustomStringConvertible {
    var lon: Double
    var lat: Double
    var id: String?
    var properties: String?

    init(_ lon: Double, _ lat: Double, id: String?, _ properties: String?) {
        self.lon = lon
        self.lat = lat
        self.id = id
        self.properties = properties
    }

    var description: String { "(\(lon), \(lat), id: \(id ?? "-"), \(properties ?? "-"))" }
}

extension PointSet {
    /// The points, row by row.
    var rows: [Row] {
        (0..<count).map { Row(longitudes[$0], latitudes[$0], id: ids[$0], properties[$0]) }
    }
}

extension TestPostgres {
    /// Reads `sql` from this server as the dataset `name`, within 300 s unless `configure` sets
    /// another timeout: the product's 30 s is for a server, and these reads check what is read, not
    /// how fast (a parallel test run on two cores once took more than 30 s for 20 000 rows).
    func read(
        _ sql: String, name: String = "shops", url: String? = nil,
        _ configure: (inout PostgresPointQuery) -> Void = { _ in }
    ) async throws(PostgresPointError) -> PointReadResult {
        var query = PostgresPointQuery(url: url ?? self.url, query: sql, timeout: .seconds(300))
        configure(&query)
        return try await PostgresPointSource(query, name: name, logger: Logger(label: "test")).read()
    }

    /// A table name no other test uses.
    static func tableName(_ base: String) -> String {
        "\(base)_\(UInt32.random(in: 0...UInt32.max))"
    }
}
