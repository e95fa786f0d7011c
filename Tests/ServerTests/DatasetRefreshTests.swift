import Foundation
import Testing
import TestSupport
import TestTier

/// A file dataset of `cairn serve` follows its file: a rewrite is served within a refresh, a
/// malformed rewrite is refused while the last good index goes on being served (logged and
/// counted), SIGHUP re-reads at once; a bad file at start stops the server with the exit code and
/// the `error:` line a deploy script reads.
@Suite(.process) struct DatasetRefreshTests {
    static let paris = PlacePoint(id: 1, lon: 2.35, lat: 48.85, name: "Paris")
    static let berlin = PlacePoint(id: 2, lon: 13.40, lat: 52.52, name: "Berlin")
    static let tokyo = PlacePoint(id: 3, lon: 139.69, lat: 35.69, name: "Tokyo")
    static let newYork = PlacePoint(id: 4, lon: -74.0, lat: 40.71, name: "New York")

    static func config(_ file: String, refresh: String = "200ms", extra: [String] = []) -> String {
        (["layers: {}", "datasets:", "  pts:", "    file: \(file)", "    refresh: \(refresh)"] + extra.map { "    " + $0 })
            .joined(separator: "\n") + "\n"
    }

    /// Runs `body` with a server following a file dataset of `points` (in a temporary directory,
    /// removed afterwards, the server stopped).
    static func serving(_ points: [PlacePoint], refresh: String = "200ms", extra: [String] = [],
                        _ body: (ServerProcess, String) throws -> Void) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/points.geojson"
        try PlacePoint.write(points, to: file)
        let server = try ServerProcess(config: config(file, refresh: refresh, extra: extra))
        defer { server.kill() }
        try body(server, file)
    }

    /// The ids of the lone points at zoom 16, where these places are all apart, and the answer.
    static func ids(_ server: ServerProcess) throws -> (Set<Int>, HTTPResponse) {
        let response = try server.request("/clusters/pts?zoom=16")
        try #require(response.status == 200, "\(response.text)")
        return (Set(try GeoFeature.collection(response.body).compactMap(\.id)), response)
    }

    /// A filtered index belongs to the dataset's version: a rewrite drops it, the next request with
    /// the filter builds it from the new points, and a re-read that changed nothing keeps it.
    @Test func aRewriteRebuildsFilteredIndexesFromTheNewPoints() throws {
        try Self.serving([Self.paris, Self.berlin, Self.tokyo]) { server, file throws in
            let filter = "/clusters/pts?zoom=16&filter=name%20LIKE%20%27%25o%25%27"   // name LIKE '%o%'
            func names() throws -> Set<String> {
                Set(try GeoFeature.collection(try server.request(filter).body).compactMap { $0.properties["name"] as? String })
            }
            #expect(try names() == ["Tokyo"])
            #expect(try server.metric("cairn_cluster_filter_builds_total", ["dataset": "pts"]) == 1)
            // The same points written again: the version and the filtered index stay.
            try PlacePoint.write([Self.paris, Self.berlin, Self.tokyo], to: file)
            #expect(eventually(timeout: 5) { ((try? server.metric("cairn_dataset_loads_total", ["dataset": "pts"])) ?? 0) >= 2 })
            #expect(try names() == ["Tokyo"])
            #expect(try server.metric("cairn_cluster_filter_builds_total", ["dataset": "pts"]) == 1)
            try PlacePoint.write([Self.paris, Self.berlin, Self.tokyo, Self.newYork], to: file)
            #expect(eventually(timeout: 5) { (try? names()) == ["Tokyo", "New York"] }, "the filter still answers from the old points")
            #expect(try server.metric("cairn_cluster_filter_builds_total", ["dataset": "pts"]) == 2)
        }
    }

    @Test func aRewrittenFileIsServedWithinARefresh() throws {
        try Self.serving([Self.paris, Self.berlin, Self.tokyo]) { server, file throws in
            let (before, first) = try Self.ids(server)
            #expect(before == [1, 2, 3])
            let etag = try #require(first.header("ETag"))
            let tile = try server.request("/clusters/pts/0/0/0.mvt")
            #expect(tile.status == 200)
            #expect(try server.request("/clusters/pts/0/0/0.mvt").header("Cache-Status")?.contains("hit") == true)

            try PlacePoint.write([Self.paris, Self.berlin, Self.tokyo, Self.newYork], to: file)
            #expect(eventually(timeout: 5) { (try? Self.ids(server).0) == [1, 2, 3, 4] }, "the rewrite was not served")
            let (_, second) = try Self.ids(server)
            #expect(second.header("ETag") != etag)
            let revalidated = try server.request("/clusters/pts?zoom=16", headers: [("If-None-Match", etag)])
            #expect(revalidated.status == 200 && revalidated.body == second.body)
            // The tile cache is keyed by the dataset's version: the new points, not the cached tile.
            let newTile = try server.request("/clusters/pts/0/0/0.mvt")
            #expect(newTile.header("Cache-Status")?.contains("hit") == false)
            #expect(newTile.body != tile.body)
            #expect(try server.metric("cairn_dataset_points", ["dataset": "pts"]) == 4)
            #expect(try server.metric("cairn_dataset_refresh_failures_total", ["dataset": "pts"]) ?? 0 == 0)
        }
    }

    @Test func aMalformedFileKeepsTheLastGoodIndex() throws {
        try Self.serving([Self.paris, Self.berlin, Self.tokyo]) { server, file throws in
            let (_, good) = try Self.ids(server)
            #expect(try server.metric("cairn_dataset_refresh_failures_total", ["dataset": "pts"]) ?? 0 == 0)

            try "{\"type\":\"FeatureCollection\",\"features\":[\n{\"type\":\"Feature\",\"id\":9,\"geometry\":".write(toFile: file, atomically: true, encoding: .utf8)
            #expect(eventually(timeout: 5) { ((try? server.metric("cairn_dataset_refresh_failures_total", ["dataset": "pts"])) ?? 0) >= 1 },
                    "no refresh failure counted")
            let (ids, served) = try Self.ids(server)
            #expect(ids == [1, 2, 3])
            #expect(served.body == good.body && served.header("ETag") == good.header("ETag"))
            #expect(try server.metric("cairn_dataset_points", ["dataset": "pts"]) == 3)
            let errors = server.log.split(separator: "\n").filter { $0.contains(" error ") && $0.contains("dataset refresh failed") }
            #expect(errors.contains { $0.contains("dataset=pts") && $0.contains(file) }, "log:\n\(server.log)")

            // Fixed: served again.
            try PlacePoint.write([Self.paris, Self.newYork], to: file)
            #expect(eventually(timeout: 5) { (try? Self.ids(server).0) == [1, 4] }, "the fixed file was not served")
        }
    }

    @Test func oneMalformedRewriteIsOneFailureNotOnePerCheck() throws {
        try Self.serving([Self.paris, Self.berlin, Self.tokyo]) { server, file throws in
            try "{\"type\":".write(toFile: file, atomically: true, encoding: .utf8)
            #expect(eventually(timeout: 5) { ((try? server.metric("cairn_dataset_refresh_failures_total", ["dataset": "pts"])) ?? 0) >= 1 })
            // Five more checks of the unchanged file: nothing new to read, so nothing new fails.
            usleep(1_000_000)
            #expect(try server.metric("cairn_dataset_refresh_failures_total", ["dataset": "pts"]) == 1)
            let errors = server.log.split(separator: "\n").filter { $0.contains("dataset refresh failed") }
            #expect(errors.count == 1, "\(errors.count) error lines for one bad write:\n\(errors.prefix(3).joined(separator: "\n"))")
        }
    }

    @Test func aHangupWhileTheDatasetsLoadDoesNotEndTheServer() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // 300 000 points take seconds to read and index (the 34 006 cities, a third of a second, are
        // too few since Clusters is optimized in debug builds): the signal comes while they load.
        let points = (0..<300_000).map { id in
            PlacePoint(id: id, lon: Double(id % 3_600) / 10 - 180, lat: Double(id / 3_600) / 1.2 - 70, name: "p\(id)")
        }
        try PlacePoint.write(points, to: directory + "/points.geojson")
        let config = directory + "/cairn.yml"
        try Self.config(directory + "/points.geojson", refresh: "1h").write(toFile: config, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = cairnExecutable
        process.arguments = ["serve", "--config", config, "--host", "127.0.0.1", "--port", "0"]
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("CAIRN_") || $0.key == "CAIRN_FONTS" }
            .merging(["CAIRN_CACHE_DIR": directory + "/cache"]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let log = StreamCollector(errors.fileHandleForReading)
        defer {
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }
        usleep(300_000)
        try #require(process.isRunning && !log.text.contains("listening"), "the server started too fast for this test: \(log.text)")
        #expect(kill(process.processIdentifier, SIGHUP) == 0)
        #expect(eventually(timeout: 30) { !process.isRunning || log.text.contains("listening") })
        #expect(process.isRunning && log.text.contains("listening"),
                "SIGHUP during start-up ended the server (\(process.isRunning ? "running" : "status \(process.terminationStatus)")): \(log.text)")
    }

    @Test func sighupReReadsAtOnce() throws {
        try Self.serving([Self.paris, Self.berlin, Self.tokyo], refresh: "1h") { server, file throws in
            let (_, first) = try Self.ids(server)
            try PlacePoint.write([Self.paris, Self.berlin, Self.tokyo, Self.newYork], to: file)
            usleep(800_000)
            #expect(try Self.ids(server).0 == [1, 2, 3], "re-read before its refresh")

            #expect(kill(server.processIdentifier, SIGHUP) == 0)
            #expect(eventually(timeout: 5) { (try? Self.ids(server).0) == [1, 2, 3, 4] }, "SIGHUP did not re-read the file")
            let (_, second) = try Self.ids(server)
            #expect(second.header("ETag") != first.header("ETag"))

            // A re-read of an unchanged file keeps the version: clients' ETags stay valid.
            let loads = server.log.components(separatedBy: "dataset loaded").count
            #expect(kill(server.processIdentifier, SIGHUP) == 0)
            #expect(eventually(timeout: 5) { server.log.components(separatedBy: "dataset loaded").count > loads }, "no re-read")
            #expect(try server.request("/clusters/pts?zoom=16", headers: [("If-None-Match", second.header("ETag") ?? "")]).status == 304)
            #expect(try server.request("/health").status == 200)  // SIGHUP does not end the server
        }
    }

    @Test func aBadRecordAtStartStopsTheServerWith65() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/points.geojson"
        try PlacePoint.write([Self.paris, PlacePoint(id: 2, lon: 200, lat: 48.85, name: "Nowhere"), Self.tokyo], to: file)
        let (status, stderr) = try ServerProcess.failedStart(config: Self.config(file))
        #expect(status == 65, "\(stderr)")
        let errors = stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(errors.count == 1, "\(stderr)")
        let line = String(errors.first ?? "")
        #expect(line.hasPrefix("error: /") && line.hasSuffix("/cairn.yml: datasets.pts: \(file):3: feature 2: longitude 200.0 is out of range (-180...180)"),
                "\(line)")
    }

    @Test func skipInvalidStartsWithTheValidPoints() throws {
        try Self.serving([Self.paris, PlacePoint(id: 2, lon: 200, lat: 48.85, name: "Nowhere"), Self.tokyo], extra: ["skip_invalid: true"]) { server, file throws in
            #expect(try Self.ids(server).0 == [1, 3])
            #expect(try server.metric("cairn_dataset_points", ["dataset": "pts"]) == 2)
            #expect(server.log.split(separator: "\n").contains { $0.contains("warning") && $0.contains("\(file):3: feature 2") }, "log:\n\(server.log)")
        }
    }

    @Test func anUnreadableFileAtStartStopsTheServerWith74() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let missing = directory + "/missing.geojson", folder = directory + "/folder.geojson"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (file, reason) in [(missing, "No such file or directory"), (folder, "Is a directory")] {
            let (status, stderr) = try ServerProcess.failedStart(config: Self.config(file))
            #expect(status == 74, "\(file): \(stderr)")
            let errors = stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
            #expect(errors.count == 1 && errors.first?.hasSuffix("/cairn.yml: datasets.pts: \(file): \(reason)") == true, "\(stderr)")
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
