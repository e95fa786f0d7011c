import Foundation
import Testing
import TestSupport
import TestTier

/// What only a real `cairn serve` shows of its file datasets: SIGHUP re-reads them (and does not
/// end the server, even while they load at start), and a bad file at start stops the server with
/// the exit code and the `error:` line a deploy script reads. The schedule and what a re-read
/// serves are tested in process (``DatasetRefreshTests``).
@Suite(.process) struct DatasetProcessTests {
    let paris = DatasetRefreshTests.paris, berlin = DatasetRefreshTests.berlin, tokyo = DatasetRefreshTests.tokyo

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
        try DatasetRefreshTests.config(directory + "/points.geojson", refresh: "1h").write(toFile: config, atomically: true, encoding: .utf8)
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
        // Once SIGHUP is ignored (before the datasets load), the process is past the point where the signal ends it.
        #expect(eventually(timeout: 10) { ignoresHangups(process.processIdentifier) || !process.isRunning })
        try #require(process.isRunning && !log.text.contains("listening"), "the server started too fast for this test: \(log.text)")
        #expect(kill(process.processIdentifier, SIGHUP) == 0)
        #expect(eventually(timeout: 30) { !process.isRunning || log.text.contains("listening") })
        #expect(process.isRunning && log.text.contains("listening"),
                "SIGHUP during start-up ended the server (\(process.isRunning ? "running" : "status \(process.terminationStatus)")): \(log.text)")
    }

    /// The signal itself: a `refresh: 1h` schedule would not read the rewrite for an hour.
    @Test func sighupReReadsAtOnce() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/points.geojson"
        try PlacePoint.write([paris, berlin], to: file)
        let server = try ServerProcess(config: DatasetRefreshTests.config(file, refresh: "1h"))
        defer { server.kill() }
        let ids = { () -> Set<Int>? in
            (try? server.request("/clusters/pts?zoom=16")).flatMap { try? Set(GeoFeature.collection($0.body).compactMap(\.id)) }
        }
        #expect(ids() == [1, 2])
        try PlacePoint.write([paris, berlin, tokyo], to: file)
        #expect(kill(server.processIdentifier, SIGHUP) == 0)
        #expect(eventually(timeout: 5) { ids() == [1, 2, 3] }, "SIGHUP did not re-read the file")
        #expect(try server.request("/health").status == 200)  // SIGHUP does not end the server
    }

    @Test func aBadRecordAtStartStopsTheServerWith65() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/points.geojson"
        try PlacePoint.write([paris, PlacePoint(id: 2, lon: 200, lat: 48.85, name: "Nowhere"), tokyo], to: file)
        let (status, stderr) = try ServerProcess.failedStart(config: DatasetRefreshTests.config(file))
        #expect(status == 65, "\(stderr)")
        let errors = stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(errors.count == 1, "\(stderr)")
        let line = String(errors.first ?? "")
        #expect(line.hasPrefix("error: /") && line.hasSuffix("/cairn.yml: datasets.pts: \(file):3: feature 2: longitude 200.0 is out of range (-180...180)"),
                "\(line)")
    }

    @Test(arguments: [("points.geojson", ""), ("points.ndjson", ""), ("points.csv", ""), ("points.csv", "2.35,48.85\n")])
    func aHalfWrittenFileAtStartStopsTheServerWith65(name: String, text: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/" + name
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let (status, stderr) = try ServerProcess.failedStart(config: DatasetRefreshTests.config(file))
        #expect(status == 65, "\(name): \(stderr)")
        let errors = stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(errors.count == 1 && errors.first?.contains("datasets.pts: \(file):") == true, "\(stderr)")
    }
}

/// Whether process `pid` ignores SIGHUP (the `SigIgn` mask of `/proc/PID/status`).
func ignoresHangups(_ pid: Int32) -> Bool {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigIgn:") }),
          let mask = UInt64(line.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
    return mask & (1 << (UInt64(SIGHUP) - 1)) != 0
}
