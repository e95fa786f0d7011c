import Foundation
import Testing
import TestSupport

/// A file dataset follows its file on the server's schedule: a rewrite is served at the next
/// refresh, a malformed rewrite is refused while the last good index goes on being served (logged
/// and counted once), a re-read (what SIGHUP asks for) reads at once and keeps the version of an
/// unchanged file. In process, the schedule on the server's ``TestClock``: a test moves the clock
/// to the next refresh instead of waiting for it. What only a process shows (SIGHUP, exit codes at
/// start) is in ``DatasetProcessTests``.
@Suite struct DatasetRefreshTests {
    static let paris = PlacePoint(id: 1, lon: 2.35, lat: 48.85, name: "Paris")
    static let berlin = PlacePoint(id: 2, lon: 13.40, lat: 52.52, name: "Berlin")
    static let tokyo = PlacePoint(id: 3, lon: 139.69, lat: 35.69, name: "Tokyo")
    static let newYork = PlacePoint(id: 4, lon: -74.0, lat: 40.71, name: "New York")

    /// The schedule of the datasets of ``config(_:refresh:extra:)``, in seconds.
    static let refresh = 200.0

    static func config(_ file: String, refresh: String = "200s", extra: [String] = []) -> String {
        (["layers: {}", "datasets:", "  pts:", "    file: \(file)", "    refresh: \(refresh)"] + extra.map { "    " + $0 })
            .joined(separator: "\n") + "\n"
    }

    /// Runs `body` with a server following a file dataset of `points` (in a temporary directory,
    /// removed afterwards, the server closed).
    static func serving(_ points: [PlacePoint], extra: [String] = [],
                        _ body: (InProcessServer, String) async throws -> Void) async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/points.geojson"
        try PlacePoint.write(points, to: file)
        try await InProcessServer.with(config: config(file, extra: extra)) { server in try await body(server, file) }
    }

    /// The ids of the lone points at zoom 16, where these places are all apart, and the answer.
    static func ids(_ server: InProcessServer) async throws -> (Set<Int>, HTTPResponse) {
        let response = try await server.request("/clusters/pts?zoom=16")
        try #require(response.status == 200, "\(response.text)")
        return (Set(try GeoFeature.collection(response.body).compactMap(\.id)), response)
    }

    /// A filtered index belongs to the dataset's version: a rewrite drops it, the next request with
    /// the filter builds it from the new points, and a re-read that changed nothing keeps it.
    @Test func aRewriteRebuildsFilteredIndexesFromTheNewPoints() async throws {
        try await Self.serving([Self.paris, Self.berlin, Self.tokyo]) { server, file throws in
            let filter = "/clusters/pts?zoom=16&filter=name%20LIKE%20%27%25o%25%27"   // name LIKE '%o%'
            func names() async throws -> Set<String> {
                Set(try GeoFeature.collection(try await server.request(filter).body).compactMap { $0.properties["name"] as? String })
            }
            #expect(try await names() == ["Tokyo"])
            #expect(try await server.metric("cairn_cluster_filter_builds_total", ["dataset": "pts"]) == 1)
            // The same points written again: re-read, and the version and the filtered index stay.
            try PlacePoint.write([Self.paris, Self.berlin, Self.tokyo], to: file)
            try await server.nextRefresh(Self.refresh)
            #expect(try await server.metric("cairn_dataset_loads_total", ["dataset": "pts"]) == 2)
            #expect(try await names() == ["Tokyo"])
            #expect(try await server.metric("cairn_cluster_filter_builds_total", ["dataset": "pts"]) == 1)
            try PlacePoint.write([Self.paris, Self.berlin, Self.tokyo, Self.newYork], to: file)
            try await server.nextRefresh(Self.refresh)
            #expect(try await names() == ["Tokyo", "New York"], "the filter still answers from the old points")
            #expect(try await server.metric("cairn_cluster_filter_builds_total", ["dataset": "pts"]) == 2)
        }
    }

    @Test func aRewrittenFileIsServedAtTheNextRefresh() async throws {
        try await Self.serving([Self.paris, Self.berlin, Self.tokyo]) { server, file throws in
            let (before, first) = try await Self.ids(server)
            #expect(before == [1, 2, 3])
            let etag = try #require(first.header("ETag"))
            let tile = try await server.request("/clusters/pts/0/0/0.mvt")
            #expect(tile.status == 200)
            #expect(try await server.request("/clusters/pts/0/0/0.mvt").header("Cache-Status")?.contains("hit") == true)

            try PlacePoint.write([Self.paris, Self.berlin, Self.tokyo, Self.newYork], to: file)
            try await server.nextRefresh(Self.refresh / 2)
            #expect(try await Self.ids(server).0 == [1, 2, 3], "read before its refresh")
            try await server.nextRefresh(Self.refresh / 2)
            let (after, second) = try await Self.ids(server)
            #expect(after == [1, 2, 3, 4], "the rewrite was not served")
            #expect(second.header("ETag") != etag)
            let revalidated = try await server.request("/clusters/pts?zoom=16", headers: [("If-None-Match", etag)])
            #expect(revalidated.status == 200 && revalidated.body == second.body)
            // The tile cache is keyed by the dataset's version: the new points, not the cached tile.
            let newTile = try await server.request("/clusters/pts/0/0/0.mvt")
            #expect(newTile.header("Cache-Status")?.contains("hit") == false)
            #expect(newTile.body != tile.body)
            #expect(try await server.metric("cairn_dataset_points", ["dataset": "pts"]) == 4)
            #expect(try await server.metric("cairn_dataset_refresh_failures_total", ["dataset": "pts"]) ?? 0 == 0)
        }
    }

    @Test func aMalformedFileKeepsTheLastGoodIndex() async throws {
        try await Self.serving([Self.paris, Self.berlin, Self.tokyo]) { server, file throws in
            let (_, good) = try await Self.ids(server)
            #expect(try await server.metric("cairn_dataset_refresh_failures_total", ["dataset": "pts"]) ?? 0 == 0)

            try "{\"type\":\"FeatureCollection\",\"features\":[\n{\"type\":\"Feature\",\"id\":9,\"geometry\":".write(toFile: file, atomically: true, encoding: .utf8)
            try await server.nextRefresh(Self.refresh)
            #expect(try await server.metric("cairn_dataset_refresh_failures_total", ["dataset": "pts"]) == 1)
            let (ids, served) = try await Self.ids(server)
            #expect(ids == [1, 2, 3])
            #expect(served.body == good.body && served.header("ETag") == good.header("ETag"))
            #expect(try await server.metric("cairn_dataset_points", ["dataset": "pts"]) == 3)
            let errors = server.log.split(separator: "\n").filter { $0.contains(" error ") && $0.contains("dataset refresh failed") }
            #expect(errors.contains { $0.contains("dataset=pts") && $0.contains(file) }, "log:\n\(server.log)")

            // Fixed: served again.
            try PlacePoint.write([Self.paris, Self.newYork], to: file)
            try await server.nextRefresh(Self.refresh)
            #expect(try await Self.ids(server).0 == [1, 4], "the fixed file was not served")
        }
    }

    @Test func oneMalformedRewriteIsOneFailureNotOnePerCheck() async throws {
        try await Self.serving([Self.paris, Self.berlin, Self.tokyo]) { server, file throws in
            try "{\"type\":".write(toFile: file, atomically: true, encoding: .utf8)
            try await server.nextRefresh(Self.refresh)
            #expect(try await server.metric("cairn_dataset_refresh_failures_total", ["dataset": "pts"]) == 1)
            // Five more checks of the unchanged file: nothing new to read, so nothing new fails.
            for _ in 0..<5 { try await server.nextRefresh(Self.refresh) }
            #expect(try await server.metric("cairn_dataset_refresh_failures_total", ["dataset": "pts"]) == 1)
            let errors = server.log.split(separator: "\n").filter { $0.contains("dataset refresh failed") }
            #expect(errors.count == 1, "\(errors.count) error lines for one bad write:\n\(errors.prefix(3).joined(separator: "\n"))")
        }
    }

    /// What SIGHUP asks for (``DatasetProcessTests`` sends the signal): a re-read at once, which
    /// keeps the version, and so clients' ETags, when the file did not change.
    @Test func aReReadReadsAtOnceAndKeepsAnUnchangedVersion() async throws {
        try await Self.serving([Self.paris, Self.berlin, Self.tokyo]) { server, file throws in
            let (_, first) = try await Self.ids(server)
            try PlacePoint.write([Self.paris, Self.berlin, Self.tokyo, Self.newYork], to: file)
            await server.server.refreshDatasets()
            let (ids, second) = try await Self.ids(server)
            #expect(ids == [1, 2, 3, 4], "the re-read did not read the file")
            #expect(second.header("ETag") != first.header("ETag"))

            await server.server.refreshDatasets()
            #expect(try await server.metric("cairn_dataset_loads_total", ["dataset": "pts"]) == 3)
            #expect(try await server.request("/clusters/pts?zoom=16", headers: [("If-None-Match", second.header("ETag") ?? "")]).status == 304)
        }
    }

    @Test func skipInvalidStartsWithTheValidPoints() async throws {
        try await Self.serving([Self.paris, PlacePoint(id: 2, lon: 200, lat: 48.85, name: "Nowhere"), Self.tokyo], extra: ["skip_invalid: true"]) { server, file throws in
            #expect(try await Self.ids(server).0 == [1, 3])
            #expect(try await server.metric("cairn_dataset_points", ["dataset": "pts"]) == 2)
            #expect(server.log.split(separator: "\n").contains { $0.contains("warning") && $0.contains("\(file):3: feature 2") }, "log:\n\(server.log)")
        }
    }
}

/// A place of a small GeoJSON dataset.
struct PlacePoint {
    var id: Int
    var lon: Double, lat: Double
    var name: String

    /// Writes `points` as a FeatureCollection, one feature a line, replacing `path` at once.
    static func write(_ points: [PlacePoint], to path: String) throws {
        let features = points.map { point in
            "{\"type\":\"Feature\",\"id\":\(point.id),\"properties\":{\"name\":\"\(point.name)\"},"
                + "\"geometry\":{\"type\":\"Point\",\"coordinates\":[\(point.lon),\(point.lat)]}}"
        }
        let text = "{\"type\":\"FeatureCollection\",\"features\":[\n" + features.joined(separator: ",\n") + "\n]}\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
