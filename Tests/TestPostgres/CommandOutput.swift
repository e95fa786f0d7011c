import Foundation

/// What a finished child process printed and how it exited.
struct CommandOutput {
    var status: Int32
    var standardOutput: String
    var standardError: String

    /// Both outputs, for an error message.
    var combined: String {
        [standardOutput, standardError].filter { !$0.isEmpty }.joined(separator: "\n")
    }
}

extension CommandOutput {
    /// Runs `executable` with `arguments` in `directory`, writes `input` to its standard input and
    /// waits for it to exit. Output goes through files, so a child that leaves a background process
    /// holding its descriptors (as `pg_ctl start` does) cannot block the reader.
    static func run(
        _ executable: String, _ arguments: [String], input: String? = nil, in directory: String
    ) throws -> CommandOutput {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("cairn-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("out")
        let errURL = scratch.appendingPathComponent("err")
        let inURL = scratch.appendingPathComponent("in")
        for url in [outURL, errURL, inURL] {
            FileManager.default.createFile(atPath: url.path, contents: nil)
        }
        if let input { try Data(input.utf8).write(to: inURL) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = try FileHandle(forWritingTo: outURL)
        let error = try FileHandle(forWritingTo: errURL)
        let standardInput = try FileHandle(forReadingFrom: inURL)
        defer { try? output.close(); try? error.close(); try? standardInput.close() }
        process.standardOutput = output
        process.standardError = error
        process.standardInput = standardInput
        do {
            try process.run()
        } catch {
            throw TestPostgresError("cannot run \(executable): \(error)")
        }
        process.waitUntilExit()
        return CommandOutput(
            status: process.terminationStatus,
            standardOutput: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        )
    }
}
