import Foundation
import TestTier

/// Runs the real `cairn` executable built next to the test bundle and captures what a user sees.
struct CairnRun {
    var status: Int32
    var stdout: [UInt8]
    var stderr: String

    /// stderr's lines starting with `error:`.
    var errorLines: [String] { stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("error:") } }
}

enum Cairn {
    /// The built `cairn` binary: beside the test bundle (`.build/debug/`).
    static let executable: URL = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("cairn")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/cairn")
    }()

    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Runs `cairn arguments…` (or another `program`, such as a shell) with `stdin` as standard
    /// input, in `directory`.
    static func run(_ arguments: [String], stdin: [UInt8] = [], in directory: String? = nil,
                    environment: [String: String] = [:], program: URL = executable) throws -> CairnRun {
        try TestTier.requireProcesses(program.lastPathComponent)
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        TestTier.started(process)
        // Read both pipes concurrently so a large output never blocks the child.
        nonisolated(unsafe) var errorData = Data()
        let errorReader = Thread { errorData = error.fileHandleForReading.readDataToEndOfFile() }
        errorReader.start()
        input.fileHandleForWriting.write(Data(stdin))
        try input.fileHandleForWriting.close()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while errorReader.isExecuting || !errorReader.isFinished { usleep(1000) }
        return CairnRun(status: process.terminationStatus, stdout: Array(outData), stderr: String(decoding: errorData, as: UTF8.self))
    }

    /// A new empty temporary directory.
    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "cairn-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// What the `sqlite3` shell prints for `query` on the database at `path`, trimmed.
func sqlite(_ path: String, _ query: String) throws -> String {
    let run = try Cairn.run([path, query], program: URL(fileURLWithPath: "/usr/bin/sqlite3"))
    return String(decoding: run.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

/// The 8-byte PNG signature.
let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
