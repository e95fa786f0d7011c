import Foundation
import Testing
import TestTier

@Suite(.process) struct ProgressTests {
    /// Runs the command under `script(1)`, which gives it a terminal, and returns what the terminal showed.
    private func onTerminal(_ arguments: [String]) throws -> (status: Int32, screen: String) {
        try onTerminal(command: ([Cairn.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " "))
    }

    /// Runs a shell command line under `script(1)` and returns what the terminal showed.
    private func onTerminal(command: String) throws -> (status: Int32, screen: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func batchShowsALiveProgressLineOnATerminal() throws {
        let dir = try Cairn.temporaryDirectory()
        let result = try onTerminal(["badges", "--counts", "1-300", "--label", "exact", "--out-dir", dir])
        #expect(result.status == 0)
        #expect(result.screen.contains("300/300 badges"), "\(result.screen)")
        #expect(result.screen.contains("ETA"))
        #expect(result.screen.contains("rendered 300 badges"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func renderShowsItsProgressAndSummaryOnATerminal() throws {
        let out = try Cairn.temporaryDirectory()
        let source = "file://\(Cairn.repositoryRoot)/Tests/Fixtures/tiles/world/{z}/{x}/{y}.png"
        let result = try onTerminal(["render", "--source", source, "--bbox=-180,-85,180,85", "--zoom", "0-4", "--chain", "grid", "--out", out])
        #expect(result.status == 0)
        #expect(result.screen.contains("341/341 tiles"), "\(result.screen)")
        #expect(result.screen.contains("rendered 285 tiles to \(out)"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func renderFromAPipeCountsWithoutATotalOnATerminal() throws {
        // A piped list's length is unknown until it has been read: a count and a rate, no total, no ETA.
        let out = try Cairn.temporaryDirectory()
        let source = "file://\(Cairn.repositoryRoot)/Tests/Fixtures/tiles/world/{z}/{x}/{y}.png"
        let list = (0..<16).map { "4/\($0 % 16)/\(4 + $0 / 16)" }.joined(separator: "\\n")
        let result = try onTerminal(command: "printf '\(list)\\n' | '\(Cairn.executable.path)' render --source '\(source)' --tiles - --out '\(out)'")
        #expect(result.status == 0, "\(result.screen)")
        #expect(result.screen.range(of: #"\r\e\[K[0-9]+ tiles  [0-9]+/s"#, options: .regularExpression) != nil, "\(result.screen)")
        #expect(!result.screen.contains("ETA") && !result.screen.contains("%") && !result.screen.contains("/16 tiles"), "\(result.screen)")
        #expect(result.screen.contains("rendered 16 tiles to \(out)"), "\(result.screen)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func quietSilencesTheTerminalToo() throws {
        let dir = try Cairn.temporaryDirectory()
        let result = try onTerminal(["badges", "--counts", "1-30", "--out-dir", dir, "--quiet"])
        #expect(result.status == 0)
        #expect(result.screen.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(result.screen)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func refusesToWriteBinaryToATerminal() throws {
        let result = try onTerminal(["badge", "5"])
        #expect(result.status == 64)
        #expect(result.screen.contains("error: refusing to write binary image data to a terminal"))
    }
}
