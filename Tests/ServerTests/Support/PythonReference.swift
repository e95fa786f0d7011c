import Foundation

/// Runs one of the independent decoders in `Tests/Support/` (Python, in the test venv
/// `scripts/test-venv.sh` makes) on some bytes and returns what it printed.
enum PythonReference {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let python = repositoryRoot + "/.venv/bin/python"

    /// `Tests/Support/{script}` run on `bytes`, written to a temporary file named `fileName`.
    static func run(_ script: String, on bytes: [UInt8], fileName: String) throws -> Data {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw Failure(description: "\(python) is missing: run `make test` (or `scripts/test-venv.sh`) to make the test venv")
        }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(bytes).write(to: URL(fileURLWithPath: directory + "/" + fileName))
        let run = try CommandRun.of(URL(fileURLWithPath: python), [repositoryRoot + "/Tests/Support/" + script, directory + "/" + fileName])
        guard run.status == 0 else {
            throw Failure(description: "\(script) exited with \(run.status): \(run.stderr)")
        }
        return run.output
    }
}
