import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
@testable import CairnServer

/// The request log's lines, in process: what the observability middleware (``RequestRecord``)
/// writes through Cairn's handler, field for field the line any other log call with the same
/// fields makes; and a log file that refuses every write leaves the answers as they were.
@Suite struct RequestLogLineTests {
    struct Boom: Error {}

    /// A router whose requests are logged, as `cairn serve` logs them, to `output`.
    private static func router(_ output: LogOutput, format: LineLogHandler.Format = .text) -> (Router<BasicRequestContext>, Logger) {
        let logger = Logger(label: "cairn") { LineLogHandler(label: $0, level: .info, format: format, output: output) }
        let router = Router()
        router.add(middleware: ObservabilityMiddleware(cors: nil, metrics: ServerMetrics(), requests: RequestsInFlight(), logger: logger))
        router.get("/tiles/:z") { _, _ in
            Response(status: .ok, headers: [.cacheStatus: "cairn; hit"], body: .init(byteBuffer: ByteBuffer(string: "tile")))
        }
        router.get("/boom") { _, _ -> String in throw Boom() }
        return (router, logger)
    }

    /// The lines `body` logs to a file, once its output has stopped.
    private static func lines(_ body: (LogOutput) async throws -> Void) async throws -> [String] {
        let path = try temporaryDirectory() + "/log"
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try #require(file >= 0)
        defer { close(file) }
        let output = LogOutput(fileDescriptor: file, interval: .seconds(3600), clock: TestClock())
        try await body(output)
        output.stop()
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test func aRequestsLineIsTheLineOfAnyLogCallWithItsFields() async throws {
        let lines = try await Self.lines { output in
            let (router, logger) = Self.router(output)
            try await Application(router: router).test(.router) { client async throws in
                #expect(try await client.execute(uri: "/tiles/7?style=dark", method: .get).status == .ok)
                #expect(try await client.execute(uri: "/boom", method: .get).status == .internalServerError)
                #expect(try await client.execute(uri: "/nowhere", method: .get).status == .notFound)
            }
            logger.info("request", metadata: ["cache": "cairn; hit", "method": "GET", "ms": .stringConvertible(0.01), "path": "/tiles/7?style=dark",
                                              "route": "/tiles/{z}", "status": .stringConvertible(200)])
        }
        try #require(lines.count == 4)
        let time = #/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z /#, ms = #/ ms=\d+\.\d+ /#
        for line in lines {
            #expect(line.firstMatch(of: time) != nil && line.firstMatch(of: ms) != nil, "\(line)")
        }
        let fields = lines.map { $0.replacing(time, with: "").replacing(ms, with: " ms=_ ") }
        #expect(fields[0] == #"info request cache="cairn; hit" method=GET ms=_ path="/tiles/7?style=dark" route=/tiles/{z} status=200"#)
        #expect(fields[1] == "warning request error=Boom() method=GET ms=_ path=/boom route=/boom status=500")
        #expect(fields[2] == "info request method=GET ms=_ path=/nowhere route=NotFound status=404")
        // The middleware's line and the ordinary log call's are the same line.
        #expect(fields[3] == fields[0])
    }

    @Test func aRequestsJSONLineIsTheObjectOfAnyLogCallWithItsFields() async throws {
        let lines = try await Self.lines { output in
            let (router, logger) = Self.router(output, format: .json)
            try await Application(router: router).test(.router) { client async throws in
                #expect(try await client.execute(uri: "/tiles/7?style=dark", method: .get).status == .ok)
            }
            logger.info("request", metadata: ["cache": "cairn; hit", "method": "GET", "ms": .stringConvertible(0.01), "path": "/tiles/7?style=dark",
                                              "route": "/tiles/{z}", "status": .stringConvertible(200)])
        }
        try #require(lines.count == 2)
        let objects = try lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
        #expect((objects[0]["time"] as? String)?.firstMatch(of: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) != nil)
        let request = ["cache": "cairn; hit", "level": "info", "logger": "cairn", "message": "request", "method": "GET",
                       "path": "/tiles/7?style=dark", "route": "/tiles/{z}"]
        for (index, object) in objects.enumerated() {
            #expect(object.compactMapValues { $0 as? String }.filter { $0.key != "time" } == request, "line \(index)")
            #expect(object["status"] as? Int == 200, "line \(index): status is a JSON number: \(lines[index])")
            #expect(lines[index].firstMatch(of: /"ms":\d+(\.\d+)?[,}]/) != nil, "line \(index): ms is a JSON number: \(lines[index])")
        }
    }

    /// Numbers, booleans and durations given as values (`.stringConvertible`) are JSON numbers and
    /// booleans in a JSON line, a duration its seconds; text stays text. A text line reads the same.
    @Test func jsonLinesWriteNumbersAndBooleansAsJSON() async throws {
        for format in LineLogHandler.Format.allCases {
            let lines = try await Self.lines { output in
                let logger = Logger(label: "cairn") { LineLogHandler(label: $0, level: .info, format: format, output: output) }
                logger.info("dataset loaded", metadata: ["dataset": "cities", "points": .stringConvertible(25_000), "changed": .stringConvertible(true),
                                                         "duration": .stringConvertible(Duration.milliseconds(240)), "share": .stringConvertible(0.4),
                                                         "version": "0123"])
            }
            try #require(lines.count == 1)
            switch format {
            case .json:
                let line = lines[0]
                for field in [#""points":25000"#, #""changed":true"#, #""duration":0.24"#, #""share":0.4"#, #""version":"0123""#, #""dataset":"cities""#] {
                    #expect(line.contains(field + ",") || line.contains(field + "}"), "\(field) in \(line)")
                }
            case .text:
                #expect(lines[0].hasSuffix(#"info dataset loaded changed=true dataset=cities duration=0.24 points=25000 share=0.4 version=0123"#), "\(lines[0])")
            }
        }
    }

    /// `/dev/full` as the log file: every request is still answered, and the failed writes are counted.
    @Test func aLogFileThatRefusesWritesLeavesTheAnswersAlone() async throws {
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(full >= 0)
        defer { close(full) }
        let output = LogOutput(fileDescriptor: full, limit: 1 << 10, capacity: 4 << 10, interval: .seconds(3600), clock: TestClock())
        let (router, _) = Self.router(output)
        try await Application(router: router).test(.router) { client async throws in
            for _ in 0..<200 {
                let answer = try await client.execute(uri: "/tiles/7", method: .get)
                #expect(answer.status == .ok && String(buffer: answer.body) == "tile")
            }
        }
        output.stop()
        #expect(output.failedWrites >= 1)
    }
}
