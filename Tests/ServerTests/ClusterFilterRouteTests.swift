import Foundation
import Testing
import TestSupport
import TestTier

/// `?filter=` on the `/clusters/{dataset}…` routes of the real binary over the sample cities: the
/// answers are `cairn clusters --filter`'s, ETags name the filter, bad filters are 400 with their
/// column, and 50 requests for a new filter build it once.
@Suite struct ClusterFilterRouteTests {
    static let filter = "population >= 200000 AND country IN ('DE','FR','IT','ES','GB')"
    static var encoded: String { filter.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }

    /// `.process`: the answers are compared with what `cairn clusters` prints.
    @Test(.process) func filteredClustersAreTheCLIsWithTheFilterInTheirETag() async throws {
        try await InProcessServer.with(config: CitiesDataset.config()) { server throws in
            let plain = try await server.request("/clusters/cities?zoom=4&bbox=-10,35,30,60")
            let answer = try await server.request("/clusters/cities?zoom=4&bbox=-10,35,30,60&filter=\(Self.encoded)")
            #expect(answer.status == 200, "\(answer.text)")
            let cli = try ClusterCLI.run(["clusters", CitiesDataset.file, "--zoom", "4", "--bbox", "-10,35,30,60", "--filter", Self.filter]
                + CitiesDataset.cliOptions)
            #expect(cli.status == 0, "\(cli.stderr)")
            #expect(answer.body + [0x0A] == cli.stdout, "the API and `cairn clusters --filter` differ")
            #expect(answer.body != plain.body)
            let etag = try #require(answer.header("ETag"))
            #expect(etag != plain.header("ETag"))
            #expect(try await server.request("/clusters/cities?zoom=4&bbox=-10,35,30,60&filter=\(Self.encoded)", headers: [("If-None-Match", etag)]).status == 304)
            // Another spelling of the same filter is the same filter.
            let respelled = "POPULATION".lowercased() + ">=200000 and country in('DE' ,'FR','IT','ES','GB')"
            let again = try await server.request("/clusters/cities?zoom=4&bbox=-10,35,30,60&filter=\(respelled.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")
            #expect(again.header("ETag") == etag && again.body == answer.body)

            // Every matching point, and only those, is in the world's features.
            let world = try GeoFeature.collection(try await server.request("/clusters/cities?zoom=20&filter=\(Self.encoded)").body)
            #expect(!world.isEmpty && world.allSatisfy { !$0.isCluster })
            #expect(world.allSatisfy { ($0.properties["population"] as? Int ?? 0) >= 200000 })
            #expect(Set(world.compactMap { $0.properties["country"] as? String }) == ["DE", "FR", "IT", "ES", "GB"])

            // Children, leaves and expansion zoom of a filtered cluster: the CLI's with the same filter.
            let zoom3 = try GeoFeature.collection(try await server.request("/clusters/cities?zoom=3&filter=\(Self.encoded)").body)
            let cluster = try #require(zoom3.filter(\.isCluster).max { $0.pointCount < $1.pointCount })
            let id = try #require(cluster.clusterID)
            for (route, arguments) in [("children", ["--children", "\(id)"]), ("leaves?limit=5&offset=2", ["--leaves", "\(id)", "--limit", "5", "--offset", "2"]),
                                       ("expansion-zoom", ["--expansion-zoom", "\(id)"])] {
                let separator = route.contains("?") ? "&" : "?"
                let served = try await server.request("/clusters/cities/\(id)/\(route)\(separator)filter=\(Self.encoded)")
                #expect(served.status == 200, "\(route): \(served.text)")
                let printed = try ClusterCLI.run(["clusters", CitiesDataset.file, "--filter", Self.filter] + arguments + CitiesDataset.cliOptions)
                #expect(served.body + [0x0A] == printed.stdout, "\(route)")
            }
        }
    }

    @Test func filteredTilesDifferFromTheWholeDatasetsAndAreNamedByTheFilter() async throws {
        try await InProcessServer.with(config: CitiesDataset.config()) { server throws in
            for file in ["4/8/5.mvt", "4/8/5.png", "4/8/5@2x.png", "4/8/5.webp"] {
                let plain = try await server.request("/clusters/cities/\(file)")
                let filtered = try await server.request("/clusters/cities/\(file)?filter=\(Self.encoded)")
                #expect(plain.status == 200 && filtered.status == 200, "\(file): \(filtered.text)")
                #expect(plain.body != filtered.body, "\(file)")
                #expect(plain.header("ETag") != filtered.header("ETag"), "\(file)")
                let again = try await server.request("/clusters/cities/\(file)?filter=\(Self.encoded)")
                #expect(again.body == filtered.body && again.header("Cache-Status")?.contains("hit") == true, "\(file)")
            }
            // The vector tile of a filter that matches nothing in the tile has no features.
            let none = try await server.request("/clusters/cities/4/8/5.mvt?filter=population%20%3E%2099999999999")
            #expect(none.status == 200)
            #expect(none.body.count < 40)
        }
    }

    @Test func badFiltersAre400WithTheirColumnAndNeverCrashTheServer() async throws {
        try await InProcessServer.with(config: CitiesDataset.config(extra: "limits: {max_filter: 200, max_filter_depth: 8}")) { server throws in
            func problem(_ filter: String, route: String = "/clusters/cities?zoom=3") async throws -> (Int, String) {
                let answer = try await server.request(route + "&filter=" + filter.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
                return (answer.status, answer.text)
            }
            #expect(try await problem("population >= ") == (400, "error: filter: expected a value after '>=' at column 15\n"))
            #expect(try await problem("popluation > 5").0 == 400)
            #expect(try await problem("popluation > 5").1.contains("no point has a property 'popluation' (the points have 'country', 'name', 'population') at column 1"))
            #expect(try await problem("name = 'unterminated").1.contains("unterminated string at column 8"))
            #expect(try await problem(String(repeating: "(", count: 9) + "population > 1" + String(repeating: ")", count: 9)).1.contains("nested more than 8 levels"))
            let long = (0..<30).map { "population = \($0)" }.joined(separator: " OR ")
            #expect(try await problem(long) == (400, "error: filter: longer than 200 bytes (limits.max_filter)\n"))
            #expect(try await problem("population > 5", route: "/clusters/cities/4/8/5.png?x=1").0 == 200)
            #expect(try await problem("population >", route: "/clusters/cities/4/8/5.mvt?x=1").0 == 400)
            #expect(try await problem("population >", route: "/clusters/cities/123/children?x=1").0 == 400)
            #expect(try await problem("population > 1", route: "/clusters/nope?zoom=3").0 == 404)
            #expect(try await server.request("/health").status == 200)
        }
    }

    @Test func fiftyConcurrentRequestsForANewFilterBuildItOnce() async throws {
        try await InProcessServer.with(config: CitiesDataset.config()) { server throws in
            let filter = "population BETWEEN 50000 AND 90000".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let answers = try await server.requestsAtOnce((0..<50).map { i in "/clusters/cities/\(3 + i % 3)/\(i % 8)/\(i % 5).mvt?filter=\(filter)" })
            #expect(answers.allSatisfy { $0.status == 200 })
            #expect(try await server.metric("cairn_cluster_filter_builds_total", ["dataset": "cities"]) == 1)
            _ = try await server.request("/clusters/cities?zoom=2&filter=\(filter)")
            #expect(try await server.metric("cairn_cluster_filter_builds_total", ["dataset": "cities"]) == 1)
            _ = try await server.request("/clusters/cities?zoom=2&filter=population%20%3C%2050000")
            #expect(try await server.metric("cairn_cluster_filter_builds_total", ["dataset": "cities"]) == 2)
        }
    }

    @Test func theFilterCacheKeepsAtMostItsItems() async throws {
        try await InProcessServer.with(config: CitiesDataset.config(extra: "    filter_cache: {items: 2}")) { server throws in
            func ask(_ bound: Int) async throws { _ = try await server.request("/clusters/cities?zoom=2&filter=population%20%3E%20\(bound)") }
            try await ask(1); try await ask(2); try await ask(1); try await ask(3)  // 2 is the least recently used: dropped
            #expect(try await server.metric("cairn_cluster_filter_builds_total", ["dataset": "cities"]) == 3)
            try await ask(1)
            #expect(try await server.metric("cairn_cluster_filter_builds_total", ["dataset": "cities"]) == 3)
            try await ask(2)
            #expect(try await server.metric("cairn_cluster_filter_builds_total", ["dataset": "cities"]) == 4)
        }
    }

    /// `.process`: the answer is compared with what `cairn clusters` prints.
    @Test(.process) func aDatasetFilterIsAlwaysApplied() async throws {
        try await InProcessServer.with(config: CitiesDataset.config(extra: "    filter: \"country = 'DE'\"")) { server throws in
            let world = try GeoFeature.collection(try await server.request("/clusters/cities?zoom=20").body)
            #expect(!world.isEmpty && world.allSatisfy { $0.properties["country"] as? String == "DE" })
            let cli = try ClusterCLI.run(["clusters", CitiesDataset.file, "--zoom", "20", "--filter", "country = 'DE'"] + CitiesDataset.cliOptions)
            #expect(try await server.request("/clusters/cities?zoom=20").body + [0x0A] == cli.stdout)
            // A query filter narrows it further.
            let big = try GeoFeature.collection(try await server.request("/clusters/cities?zoom=20&filter=population%20%3E%201000000").body)
            #expect(big.map { $0.properties["name"] as? String } .sorted { ($0 ?? "") < ($1 ?? "") } == ["Berlin", "Hamburg", "Köln", "Munich"])
        }
    }
}
