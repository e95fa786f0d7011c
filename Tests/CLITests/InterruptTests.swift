import Codecs
import Foundation
import Testing

@Suite struct InterruptTests {
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
}
