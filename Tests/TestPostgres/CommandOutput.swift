import Foundation
#if canImport(Glibc)
import Glibc
#endif

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
    /// Runs `executable` with `arguments` in `directory`, feeds it `input` and waits for it to exit.
    ///
    /// Started with `posix_spawn` and awaited with `waitpid`, output through files: Foundation's
    /// `Process` notices an exit only when every copy of an internal descriptor is closed, and the
    /// server that `pg_ctl start` leaves running keeps one, so `waitUntilExit()` would never return.
    static func run(
        _ executable: String, _ arguments: [String], input: String? = nil, in directory: String
    ) throws -> CommandOutput {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (inPath, outPath, errPath) = (scratch.path + "/in", scratch.path + "/out", scratch.path + "/err")
        try Data((input ?? "").utf8).write(to: URL(fileURLWithPath: inPath))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        // `env -C` runs the command in `directory` (Swift's Glibc lacks posix_spawn's chdir action).
        let argv = (["/usr/bin/env", "-C", directory, executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw TestPostgresError("cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exited = status & 0x7F == 0
        return CommandOutput(
            status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F),
            standardOutput: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        )
    }
}
