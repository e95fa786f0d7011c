import Foundation
import TestTier

/// What a run of a program showed: its exit status, stdout and stderr.
struct CommandRun: Sendable {
    let status: Int32
    let output: Data
    let stderr: String

    var stdout: String { String(decoding: output, as: UTF8.self) }
    /// stderr's lines starting with `error:`.
    var errorLines: [String] { stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("error:") } }
    /// stderr's last line (the summary of a batch command).
    var lastLine: String { stderr.split(separator: "\n").last.map(String.init) ?? "" }

    /// Runs `executable` with `arguments` (and `environment`, else the test's) to its end, stdin empty.
    static func of(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil) throws -> CommandRun {
        try TestTier.requireProcesses(executable.lastPathComponent)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe(), errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        TestTier.started(process)
        let collected = StreamCollector(errors.fileHandleForReading)
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        collected.waitForEnd()
        return CommandRun(status: process.terminationStatus, output: printed, stderr: collected.text)
    }
}

/// Runs the `cairn` binary that ``ServerProcess`` starts servers from, with `environment` added to
/// the test's (its own `CAIRN_` variables left out, as for the server).
func runCairn(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandRun {
    try CommandRun.of(cairnExecutable, arguments, environment: ProcessInfo.processInfo.environment
        .filter { !$0.key.hasPrefix("CAIRN_") || $0.key == "CAIRN_FONTS" }
        .merging(environment) { $1 })
}

/// A server under test (a ``ServerProcess`` or an ``InProcessServer``) whose configuration file is
/// `directory/cairn.yml` and whose cache is in `cacheDirectory`: what `cairn cache` is pointed at.
protocol ServerFiles {
    var directory: String { get }
    var cacheDirectory: String { get }
}

extension ServerFiles {
    /// The configuration file the server was made from.
    var configPath: String { directory + "/cairn.yml" }

    /// `cairn cache ARGUMENTS --config` this server's configuration, on its cache directory.
    func cache(_ arguments: String...) throws -> CommandRun {
        try runCairn(["cache"] + arguments + ["--config", configPath], environment: ["CAIRN_CACHE_DIR": cacheDirectory])
    }
}

extension ServerProcess: ServerFiles {}
extension InProcessServer: ServerFiles {}

/// The cache entries under `root` as the test counts them, without the server's code: every regular
/// file that has a `NAME.meta` beside it, with the bytes of both, keyed by path relative to `root`.
func cacheEntries(under root: String) -> [String: Int] {
    let all = Set(files(under: root))
    var entries: [String: Int] = [:]
    for name in all where !name.hasSuffix(".meta") && all.contains(name + ".meta") {
        entries[name] = fileSize(root + "/" + name) + fileSize(root + "/" + name + ".meta")
    }
    return entries
}

/// The size of the file at `path` (0 when it is gone).
func fileSize(_ path: String) -> Int {
    (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
}

/// Sets the modification time of the file at `path` to `seconds` ago.
func backdate(_ path: String, by seconds: Double) throws {
    try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-seconds)], ofItemAtPath: path)
}

/// The tile at `lon`, `lat` at zoom `z` (Web Mercator, XYZ), worked out here rather than with the
/// library the server uses.
func tileAt(lon: Double, lat: Double, z: Int) -> (x: Int, y: Int) {
    let n = Double(1 << z)
    let radians = lat * .pi / 180
    let x = Int(((lon + 180) / 360 * n).rounded(.down))
    let y = Int(((1 - log(tan(radians) + 1 / cos(radians)) / .pi) / 2 * n).rounded(.down))
    return (x, y)
}

/// Builds configurations of several layers over one test upstream (the corpus tiles), each with
/// the `grid` renderer so that every tile is rendered, not passed through.
enum CacheTestConfig {
    static func layers(_ names: [String], upstream: String, cache: String = "", sections: String = "") -> String {
        let layers = names.map { name in
            "  \(name):\n    source: {url: \"\(upstream)/{z}/{x}/{y}.png\", retries: 0}\n    chain: [{grid: {}}]\n    maxzoom: 8"
        }
        return (["layers:"] + layers + [cache.isEmpty ? "" : "cache: {\(cache)}", sections]).joined(separator: "\n") + "\n"
    }
}
