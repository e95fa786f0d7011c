import CairnServer
import Foundation
import Testing
import TestTier

/// Where the configuration comes from: `--config`, else `CAIRN_CONFIG`, else `./cairn.yml`, else
/// the system file; none is one error listing the places looked in.
@Suite struct ConfigFileTests {
    /// A directory with a `cairn.yml`, one without, and a system file, all temporary.
    private struct Places {
        let root: String
        var withFile: String { root + "/with" }
        var withoutFile: String { root + "/without" }
        var system: String { root + "/etc/cairn.yml" }

        init(systemFile: Bool) throws {
            root = try temporaryDirectory()
            for directory in [root + "/with", root + "/without", root + "/etc"] {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            try "layers: {}\n".write(toFile: root + "/with/cairn.yml", atomically: true, encoding: .utf8)
            if systemFile { try "layers: {}\n".write(toFile: root + "/etc/cairn.yml", atomically: true, encoding: .utf8) }
        }

        func locate(_ option: String?, _ environment: [String: String], in directory: String) throws -> ConfigFile {
            try ConfigFile.locate(option: option, environment: environment, workingDirectory: directory, systemPath: system)
        }
    }

    @Test func theFirstPlaceThatNamesAFileWins() throws {
        let places = try Places(systemFile: true)
        defer { try? FileManager.default.removeItem(atPath: places.root) }
        let named = ["CAIRN_CONFIG": "/srv/named.yml"]
        #expect(try places.locate("given.yml", named, in: places.withFile) == ConfigFile(path: "given.yml", origin: .option))
        #expect(try places.locate(nil, named, in: places.withFile) == ConfigFile(path: "/srv/named.yml", origin: .environment))
        #expect(try places.locate(nil, ["CAIRN_CONFIG": ""], in: places.withFile)
                == ConfigFile(path: places.withFile + "/cairn.yml", origin: .workingDirectory))
        #expect(try places.locate(nil, [:], in: places.withoutFile) == ConfigFile(path: places.system, origin: .system))
    }

    @Test func noFileAnywhereNamesEveryPlace() throws {
        let places = try Places(systemFile: false)
        defer { try? FileManager.default.removeItem(atPath: places.root) }
        #expect(throws: ConfigError("", "no configuration file: no --config FILE, CAIRN_CONFIG is not set, and neither "
                                    + "\(places.withoutFile)/cairn.yml nor \(places.system) exists")) {
            try places.locate(nil, [:], in: places.withoutFile)
        }
    }
}

/// What `cairn cache` and `cairn serve` say about the file they read.
@Suite(.process) struct ConfigFileCommandTests {
    /// `cairn cache stats` run in `directory` (through `env -C`), without `--config`.
    private func cacheStats(in directory: String, environment: [String: String] = [:]) throws -> CommandRun {
        let base = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("CAIRN_") || $0.key == "CAIRN_FONTS" }
        return try CommandRun.of(URL(fileURLWithPath: "/usr/bin/env"), ["-C", directory, cairnExecutable.path, "cache", "stats"],
                                 environment: base.merging(["CAIRN_CACHE_DIR": directory + "/cache"].merging(environment) { $1 }) { $1 })
    }

    @Test func aCacheCommandReadsTheWorkingDirectorysFileAndSaysSo() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "layers: {}\n".write(toFile: directory + "/cairn.yml", atomically: true, encoding: .utf8)
        let run = try cacheStats(in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").first == "config=\(directory)/cairn.yml from=working-directory", "\(run.stderr)")
        #expect(run.stdout.hasPrefix("GROUP"))
    }

    @Test func cairnConfigComesBeforeTheWorkingDirectory() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "layers: {}\n".write(toFile: directory + "/cairn.yml", atomically: true, encoding: .utf8)
        let run = try cacheStats(in: directory, environment: ["CAIRN_CONFIG": directory + "/elsewhere.yml"])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").first == "config=\(directory)/elsewhere.yml from=CAIRN_CONFIG", "\(run.stderr)")
        #expect(run.errorLines == ["error: \(directory)/elsewhere.yml: cannot read the configuration file (no such file)"], "\(run.stderr)")
    }

    @Test func noConfigurationAnywhereIsAUsageError() throws {
        try #require(!FileManager.default.fileExists(atPath: ConfigFile.systemPath), "this machine has \(ConfigFile.systemPath)")
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try cacheStats(in: directory)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.errorLines == ["error: no configuration file: no --config FILE, CAIRN_CONFIG is not set, "
                                   + "and neither \(directory)/cairn.yml nor /etc/cairn/cairn.yml exists"], "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }

    @Test func serveLogsTheFileItReads() throws {
        let server = try ServerProcess(config: "layers: {}\n")
        let lines = server.log.split(separator: "\n").filter { $0.contains(" configuration ") }
        #expect(lines.count == 1, "\(server.log)")
        #expect(lines.first?.hasSuffix(" notice configuration config=\(server.configPath) from=--config") == true, "\(server.log)")
    }
}
