import Foundation
import Testing
import TestTier

/// A command told to read standard input (`-`, or nothing for `filter`) started with it closed
/// (`<&-` in a shell) answers one `error:` line naming stdin and exits 74, as an unreadable file
/// does, writing nothing; it never crashes.
@Suite(.process) struct ClosedStdinTests {
    static let commands: [(arguments: [String], error: String)] = [
        (["filter", "--chain", "grayscale", "-o", "out.png"], "error: stdin: cannot read (stdin is closed)"),
        (["filter", "-", "--chain", "grayscale", "-o", "out.png"], "error: stdin: cannot read (stdin is closed)"),
        (["filter", "--chain", "", "-o", "out.png"], "error: stdin: cannot read (stdin is closed)"),
        (["cards", "-", "--out-dir", "cards"], "error: stdin: cannot read (stdin is closed)"),
        (["clusters", "-", "--zoom", "1"], "error: <stdin>: cannot read (stdin is closed)"),
        (["render", "--source", "none", "--tiles", "-", "--out", "tiles"], "error: --tiles stdin: cannot read (stdin is closed)"),
    ]

    @Test(arguments: commands.indices)
    func answersExit74(index: Int) throws {
        let (arguments, error) = Self.commands[index]
        let directory = try Cairn.temporaryDirectory()
        // `exec … <&-`: the shell starts cairn with descriptor 0 closed.
        let script = "exec \"$0\" \"$@\" <&-"
        let run = try Cairn.run(["-c", script, Cairn.executable.path] + arguments, in: directory,
                                program: URL(fileURLWithPath: "/bin/sh"))
        #expect(run.status == 74, "\(arguments): \(run.stderr)")
        #expect(run.stderr == error + "\n", "\(arguments)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "\(arguments): wrote something")
    }
}
