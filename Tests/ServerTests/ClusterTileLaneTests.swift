import Testing
@testable import CairnServer

/// The lane's lookup of a cluster tile in memory: by its path as its cache key first, parsed when
/// spelled otherwise; a filtered tile and a tile outside the dataset's zooms are the router's.
@Suite struct ClusterTileLaneTests {
    static let config = TestConfig.world(sections: """
        datasets:
          cities: {file: \(CitiesDataset.file), radius: 40, maxzoom: 8}
        """)

    @Test func aCachedTileIsTheLanesHoweverItsPathIsSpelled() async throws {
        try await InProcessServer.with(config: Self.config) { server in
            let lane = HotLaneAnswerTests.lane(server)
            let stored = try await server.request("/clusters/cities/3/4/2.png")
            #expect(stored.status == 200)
            for target in ["/clusters/cities/3/4/2.png", "/clusters/cities/03/4/002.png"] {
                let hit = try #require(try HotLaneAnswerTests.answer(lane, target), "\(target)")
                #expect(hit.status == 200 && hit.header("Cache-Status") == "cairn; hit", "\(target)")
                #expect(hit.body == stored.body && hit.header("ETag") == stored.header("ETag"), "\(target)")
            }
        }
    }

    @Test func filteredOrOutOfRangeTilesAreTheRouters() async throws {
        try await InProcessServer.with(config: Self.config) { server in
            let lane = HotLaneAnswerTests.lane(server)
            _ = try await server.request("/clusters/cities/3/4/2.png")
            #expect(try HotLaneAnswerTests.answer(lane, "/clusters/cities/3/4/2.png?filter=pop") == nil)
            #expect(try await server.request("/clusters/cities/9/4/2.png").status == 404)
            #expect(try HotLaneAnswerTests.answer(lane, "/clusters/cities/9/4/2.png") == nil)
            #expect(try HotLaneAnswerTests.answer(lane, "/clusters/cities/3/4/3.png") == nil, "not asked for: a miss")
        }
    }
}
