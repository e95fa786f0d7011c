import Foundation
import Testing
import TestSupport

/// A file dataset never loses its points to a half-written file: an empty file, a CSV without its
/// header or a GeoJSON cut short is an error (the last good index stays served, the failure is
/// counted; at start the server refuses with 65, in ``DatasetProcessTests``), and a file whose
/// size or modification time is still moving is read only once it has settled. In process: the
/// test moves the server's clock to each refresh.
@Suite struct DatasetFileSafetyTests {
    static let csvHeader = "id,name,lon,lat\n"
    static let goodCSV = csvHeader + "1,Paris,2.35,48.85\n2,Berlin,13.4,52.52\n3,Tokyo,139.69,35.69\n"
    static let features = [(1, 2.35, 48.85), (2, 13.4, 52.52), (3, 139.69, 35.69)].map { id, lon, lat in
        #"{"type":"Feature","id":\#(id),"properties":{},"geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]}}"#
    }
    static let goodNDJSON = features.joined(separator: "\n") + "\n"
    static let goodGeoJSON = #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",\n") + "]}\n"

    /// The three places in the format `name`'s extension names.
    static func good(_ name: String) -> String {
        name.hasSuffix(".csv") ? goodCSV : name.hasSuffix(".ndjson") ? goodNDJSON : goodGeoJSON
    }

    /// Runs `body` with a server following `name` (holding `text`).
    static func serving(_ name: String, _ text: String, _ body: (InProcessServer, String) async throws -> Void) async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/" + name
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        try await InProcessServer.with(config: DatasetRefreshTests.config(file)) { server in try await body(server, file) }
    }

    static func failures(_ server: InProcessServer) async throws -> Double {
        try await server.metric("cairn_dataset_refresh_failures_total", ["dataset": "pts"]) ?? 0
    }

    @Test(arguments: [
        ("points.geojson", "", "the file is empty (0 bytes)"),
        ("points.geojson", "\n", "the file holds only white space (1 bytes)"),
        ("points.geojson", #"{"type":"FeatureCollection","features":[{"type":"Feature","#, "unexpected end of text"),
        ("points.ndjson", "", "the file is empty (0 bytes)"),
        ("points.csv", "", "the file is empty (0 bytes)"),
        ("points.csv", "4,New York,-74.0,40.71\n", "no header row"),
    ])
    func aHalfWrittenRewriteKeepsTheLastGoodIndex(name: String, bad: String, problem: String) async throws {
        try await Self.serving(name, Self.good(name)) { server, file throws in
            let (before, good) = try await DatasetRefreshTests.ids(server)
            #expect(before == [1, 2, 3])
            // Written in place, as a writer that truncates and then fills the file leaves it for a while.
            try Data(bad.utf8).write(to: URL(fileURLWithPath: file))
            try await server.nextRefresh(DatasetRefreshTests.refresh)
            #expect(try await Self.failures(server) == 1, "\(name): no refresh failure counted:\n\(server.log)")
            let (after, served) = try await DatasetRefreshTests.ids(server)
            #expect(after == [1, 2, 3] && served.body == good.body, "\(name): the half-written file was served")
            #expect(try await server.metric("cairn_dataset_points", ["dataset": "pts"]) == 3)
            let errors = server.log.split(separator: "\n").filter { $0.contains("dataset refresh failed") }
            #expect(errors.contains { $0.contains(file) && $0.contains(problem) }, "\(name):\n\(server.log)")
        }
    }

    @Test func aWellFormedEmptyCollectionIsServedAsNoPoints() async throws {
        try await Self.serving("points.geojson", #"{"type":"FeatureCollection","features":[]}"#) { server, _ throws in
            #expect(try await DatasetRefreshTests.ids(server).0.isEmpty)
            #expect(try await server.metric("cairn_dataset_points", ["dataset": "pts"]) == 0)
        }
    }

    /// A writer appends 1000 rows in 40 chunks, one every 10 ms, while the server checks the file
    /// at each refresh the test makes come: every load it logs, and every count it serves, is the
    /// whole file before or after, never a part. (The writer's pauses are the slow writer under
    /// test; the file settles in real time, ``SettledFile``'s two looks 100 ms apart.)
    @Test func aFileBeingAppendedIsReadOnlyOnceItSettles() async throws {
        try await Self.serving("points.csv", Self.goodCSV) { server, file throws in
            #expect(try await server.metric("cairn_dataset_points", ["dataset": "pts"]) == 3)
            let writer = inBackground {
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
                defer { try? handle.close() }
                try handle.seekToEnd()
                for chunk in 0..<40 {
                    let rows = (0..<25).map { row in
                        let id = 10 + chunk * 25 + row
                        return "\(id),p\(id),\(Double(id % 360) - 179.5),\(Double(id % 170) - 84.5)\n"
                    }
                    try handle.write(contentsOf: Data(rows.joined().utf8))
                    usleep(10_000)
                }
            }
            var seen: Set<Int> = []
            // Refreshes while the writer writes and until the whole file is served (each takes at least
            // the 100 ms of the two looks, so the writer's 400 ms end well within the bound).
            for _ in 0..<300 where !seen.contains(1003) {
                try await server.nextRefresh(DatasetRefreshTests.refresh)
                if let points = try await server.metric("cairn_dataset_points", ["dataset": "pts"]) { seen.insert(Int(points)) }
            }
            try writer().get()
            #expect(seen.contains(1003), "\(server.log)")
            #expect(seen.isSubset(of: [3, 1003]), "served partial counts: \(seen.sorted())")
            let loaded = server.log.matches(of: /dataset loaded.* points=(\d+)/).map { Int($0.1) ?? -1 }
            #expect(!loaded.isEmpty && loaded.allSatisfy { $0 == 3 || $0 == 1003 }, "loads of \(loaded)")
            #expect(try await Self.failures(server) == 0)
        }
    }
}
