import Foundation
import Testing
import TestTier

/// Mistakes whose error line names their cause, not a consequence: a mistyped subcommand, a negative
/// number, a directory given as a file, a refused connection. Each is one `error:` line.
@Suite(.process) struct ArgumentMistakeTests {
    @Test(arguments: [
        (["rendr", "a", "b"], "error: unknown command 'rendr' (did you mean 'render'?); the commands: badge, badges, card, cards, filter, render, snapshot, clusters, grid, heatmap, serve, convert, cache, sign"),
        (["rendr", "--source", "none"], "error: unknown command 'rendr' (did you mean 'render'?); the commands: badge, badges, card, cards, filter, render, snapshot, clusters, grid, heatmap, serve, convert, cache, sign"),
        (["cache", "stat"], "error: unknown command 'cache stat' (did you mean 'stats'?); the commands: stats, clear, purge, seed"),
        (["badge", "-3"], "error: '-3': a negative number is not taken here (counts, sizes and zooms are 0 or more)"),
        (["badge", "3", "--scale", "-2"], "error: '-2': a negative number is not taken here (counts, sizes and zooms are 0 or more)"),
    ])
    func usageMistakeNamesItsCause(arguments: [String], line: String) throws {
        let run = try Cairn.run(arguments)
        #expect(run.status == 64)
        #expect(run.stderr == line + "\n")
    }

    @Test(arguments: [
        (["filter", "DIR", "--chain", "grayscale"], "error: DIR: cannot read (is a directory)"),
        (["cards", "DIR", "--out-dir", "DIR/out"], "error: DIR: cannot read the manifest (is a directory)"),
    ])
    func aDirectoryGivenAsAFileIsSaidToBeOne(arguments: [String], line: String) throws {
        let directory = try Cairn.temporaryDirectory()
        let run = try Cairn.run(arguments.map { $0.replacingOccurrences(of: "DIR", with: directory) })
        #expect(run.status == 74)
        #expect(run.stderr == line.replacingOccurrences(of: "DIR", with: directory) + "\n")
    }

    @Test func aRefusedConnectionIsSaidToBeOneWithTheAddress() throws {
        // A port nothing listens on: bound, then closed.
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: 0, sin_addr: in_addr(s_addr: inet_addr("127.0.0.1")), sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let port = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketDescriptor, $0, length) == 0 && getsockname(socketDescriptor, $0, &length) == 0 }
        } ? Int(UInt16(bigEndian: address.sin_port)) : 1
        close(socketDescriptor)
        let out = try Cairn.temporaryDirectory()
        let run = try Cairn.run(["render", "--source", "http://127.0.0.1:\(port)/{z}/{x}/{y}.png", "--bbox=-180,-85,180,85", "--zoom", "0",
                                 "--retries", "0", "--out", out, "--quiet"])
        #expect(run.status == 65)
        #expect(run.stderr.contains("failed 0/0/0: GET http://127.0.0.1:\(port)/0/0/0.png: connection refused: 127.0.0.1:\(port)\n"), "\(run.stderr)")
    }
}
