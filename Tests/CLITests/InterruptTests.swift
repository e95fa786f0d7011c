import Codecs
import Foundation
import Testing
import TestTier

@Suite(.process) struct InterruptTests {
    @Test func ctrlCLeavesOnlyCompleteFiles() throws {
        let dir = try Cairn.temporaryDirectory()
        let process = Process()
        process.executableURL = Cairn.executable
        process.arguments = ["badges", "--counts", "1-200000", "--label", "exact", "--out-dir", dir, "--quiet"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the batch is well under way, then interrupt it as Ctrl-C would.
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, ((try? FileManager.default.contentsOfDirectory(atPath: dir).count) ?? 0) < 200 {
            usleep(20_000)
        }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(files.count >= 200 && files.count < 200_000)
        #expect(files.allSatisfy { $0.hasPrefix("cluster-") && $0.hasSuffix(".png") }, "leftovers: \(files.filter { !$0.hasPrefix("cluster-") })")
        for name in files.shuffled().prefix(50) {
            let bytes = Array(FileManager.default.contents(atPath: dir + "/" + name)!)
            #expect((try? ImageDecoder.decode(bytes)) != nil, "\(name) is incomplete")
        }
    }

    /// `producer | cairn render --tiles -`: a signal ends the reading of the list at once, even while
    /// the producer is silent in the middle of a line; the tiles before it are kept, nothing after.
    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalStopsReadingAPipedListWhoseProducerIsSilent(signal: Int32) throws {
        let out = try Cairn.temporaryDirectory() + "/out"
        let process = Process()
        process.executableURL = Cairn.executable
        process.arguments = ["render", "--source", "none", "--tiles", "-", "--out", out, "--quiet"]
        let list = Pipe()
        process.standardInput = list
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { try? list.fileHandleForWriting.close() }
        // One whole line, then half of one; the pipe stays open, as with a slow `psql`.
        list.fileHandleForWriting.write(Data("0/0/0\n1/0/".utf8))
        let first = out + "/0/0/0.png"
        var deadline = Date().addingTimeInterval(30)
        while Date() < deadline, !FileManager.default.fileExists(atPath: first) { usleep(10_000) }
        try #require(FileManager.default.fileExists(atPath: first))

        kill(process.processIdentifier, signal)
        deadline = Date().addingTimeInterval(30)
        while Date() < deadline, process.isRunning { usleep(10_000) }
        let stopped = !process.isRunning
        if !stopped { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(stopped, "still waiting for the list's next line after the signal")
        #expect(process.terminationStatus == 128 + signal)
        let files = FileManager.default.enumerator(atPath: out)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".png") }
        #expect(files == ["0/0/0.png"])
    }
}
