import Foundation
import Synchronization
import TestTier

/// A real `cairn serve` on an ephemeral loopback port (`--host 127.0.0.1 --port 0`), started with a
/// YAML configuration in its own temporary directory; the cache lives in `cacheDirectory` (given
/// through `CAIRN_CACHE_DIR`). Killed and its directory removed when released.
final class ServerProcess: Sendable {
    /// Holds the configuration file and the cache directory.
    let directory: String
    let port: Int
    private let process: Process
    private let errors: StreamCollector

    var cacheDirectory: String { directory + "/cache" }
    var processIdentifier: Int32 { process.processIdentifier }
    /// Everything the server logged on stderr so far.
    var log: String { errors.text }

    /// Writes `config`, starts the server (with `address`, by default an ephemeral loopback port,
    /// then `arguments`) and waits until it logs `listening … url=http://127.0.0.1:PORT` (or the
    /// same as a JSON line).
    init(config: String, environment: [String: String] = [:], arguments: [String] = [],
         address: [String] = ["--host", "127.0.0.1", "--port", "0"]) throws {
        directory = try temporaryDirectory()
        let launch = try Self.launch(config: config, in: directory, arguments: address + arguments,
                                     environment: ["CAIRN_CACHE_DIR": directory + "/cache"].merging(environment) { $1 })
        process = launch.process
        errors = launch.errors
        let deadline = Date().addingTimeInterval(20 * TestTiming.scale)
        var found: Int?
        while found == nil, process.isRunning, Date() < deadline {
            found = errors.text.firstMatch(of: /listening.*url"?[=:]"?http:\/\/127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) }
            if found == nil { usleep(10_000) }
        }
        guard let found else {
            if process.isRunning { process.terminate() }
            throw StartFailure(description: "cairn serve did not start: \(errors.text)")
        }
        port = found
    }

    deinit {
        kill()
        try? FileManager.default.removeItem(atPath: directory)
    }

    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// One request to the server (see ``HTTPClient``).
    func request(_ target: String, method: String = "GET", headers: [(String, String)] = [], body: [UInt8] = []) throws -> HTTPResponse {
        try HTTPClient.send(method, target, port: port, headers: headers, body: body)
    }

    /// Sends SIGTERM and waits up to `timeout` seconds; the exit status, or nil if it is still running.
    func terminate(timeout: Double = 15) -> Int32? {
        Foundation.kill(process.processIdentifier, SIGTERM)
        return waitForExit(timeout: timeout)
    }

    /// Ends the process at once (SIGKILL) if it is still running.
    func kill() {
        guard process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The exit status once the process has ended within `timeout` seconds, else nil.
    func waitForExit(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Starts `cairn serve` with `config` (and `environment`), expecting it to refuse to start: its exit status and
    /// stderr (status nil when it was still running after 15 s, then killed).
    static func failedStart(config: String, environment: [String: String] = [:]) throws -> (status: Int32?, stderr: String) {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let launch = try launch(config: config, in: directory, arguments: ["--host", "127.0.0.1", "--port", "0"],
                                environment: ["CAIRN_CACHE_DIR": directory + "/cache"].merging(environment) { $1 })
        let deadline = Date().addingTimeInterval(15)
        while launch.process.isRunning, Date() < deadline { usleep(10_000) }
        guard !launch.process.isRunning else {
            Foundation.kill(launch.process.processIdentifier, SIGKILL)
            launch.process.waitUntilExit()
            return (nil, launch.errors.text)
        }
        launch.errors.waitForEnd()
        return (launch.process.terminationStatus, launch.errors.text)
    }

    private static func launch(config: String, in directory: String, arguments: [String], environment: [String: String]) throws
        -> (process: Process, errors: StreamCollector) {
        try TestTier.requireProcesses("cairn serve")
        let path = directory + "/cairn.yml"
        try config.write(toFile: path, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = cairnExecutable
        process.arguments = ["serve", "--config", path] + arguments
        process.environment = ProcessInfo.processInfo.environment
            .filter { !$0.key.hasPrefix("CAIRN_") || $0.key == "CAIRN_FONTS" }
            .merging(environment) { $1 }
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        TestTier.started(process)
        return (process, StreamCollector(pipe.fileHandleForReading))
    }
}

/// Reads a pipe on its own thread until it closes, keeping the text for polling.
final class StreamCollector: Sendable {
    private let state = Mutex((text: "", ended: false))

    init(_ handle: FileHandle) {
        let thread = Thread { [self] in
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                state.withLock { $0.text += String(decoding: data, as: UTF8.self) }
            }
            state.withLock { $0.ended = true }
        }
        thread.start()
    }

    var text: String { state.withLock { $0.text } }

    /// Waits (at most 5 s) until the writer has closed the pipe.
    func waitForEnd() {
        let deadline = Date().addingTimeInterval(5)
        while !state.withLock({ $0.ended }), Date() < deadline { usleep(5_000) }
    }
}

/// The built `cairn` binary, beside the test bundle (`.build/debug/`).
let cairnExecutable: URL = {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = directory.appendingPathComponent("cairn")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: repositoryRoot + "/.build/debug/cairn")
}()

/// The repository's root directory.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

/// A new empty temporary directory.
func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "cairn-serve-test-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
