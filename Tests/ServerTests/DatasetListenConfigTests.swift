import Testing
import TestTier
@testable import CairnServer

/// `postgres: {…, listen: CHANNEL}` is checked when the configuration is read.
@Suite(.process) struct DatasetListenConfigTests {
    static func yaml(listen: String) -> String {
        """
        datasets:
          stores:
            postgres: {url: "postgres://reader@127.0.0.1:5432/shop?sslmode=disable", query: "SELECT id, lon, lat FROM stores", listen: \(listen)}
        """
    }

    @Test func aChannelNameIsKeptForTheQuery() throws {
        let config = try ServerConfig(yaml: Self.yaml(listen: "stores_changed"))
        guard case .postgres(let query) = try #require(config.datasets.first).source else {
            Issue.record("not a postgres dataset")
            return
        }
        #expect(query.listen == "stores_changed")
        #expect(try ServerConfig(yaml: Self.yaml(listen: "_x9")).datasets.count == 1)
    }

    @Test(arguments: [
        ("\"stores-changed\"", "is not a channel name"),
        ("\"Stores\"", "is not a channel name"),
        ("\"9lives\"", "is not a channel name"),
        ("\"a\\\"; DROP TABLE stores; --\"", "is not a channel name"),
        ("\"\"", "is not a channel name"),
        ("\"\(String(repeating: "a", count: 64))\"", "is 64 bytes long; a channel name has at most 63"),
        ("[a]", "datasets.stores.postgres.listen"),
    ])
    func aBadChannelNameIsAConfigErrorNamingItsPath(listen: String, problem: String) throws {
        let error = #expect(throws: ConfigError.self) { try ServerConfig(yaml: Self.yaml(listen: listen)) }
        #expect(error?.path == "datasets.stores.postgres.listen", "\(String(describing: error))")
        #expect(error.map { "\($0)".contains(problem) } == true, "\(String(describing: error))")
    }

    @Test func aBadChannelNameStopsTheServerWithOneErrorLine() throws {
        let run = try ServerProcess.failedStart(config: Self.yaml(listen: "\"Stores Changed\""))
        #expect(run.status == 64, "\(run.stderr)")
        let errors = run.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(errors.count == 1 && errors.first?.hasSuffix(
            "cairn.yml: datasets.stores.postgres.listen: 'Stores Changed' is not a channel name: use lower-case letters, digits and _, not starting with a digit (e.g. stores_changed)") == true,
            "\(run.stderr)")
    }
}
