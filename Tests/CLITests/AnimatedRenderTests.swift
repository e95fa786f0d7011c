import Canvas
import Codecs
import Foundation
import Testing
import TestTier

/// `cairn render --frames …` / `--times …`: animated tiles in batch, and `cairn snapshot --frames`,
/// decoded by an independent decoder (Pillow, `Tests/Support/anim_decode.py` in the test venv): a
/// frame per source, each the still picture the command makes from that source, a frame a source
/// lacks transparent.
@Suite(.process) struct AnimatedRenderTests {
    private let world = "file://\(worldTiles)/{z}/{x}/{y}.png"

    private func temporary() throws -> String {
        let directory = NSTemporaryDirectory() + "cairn-animated-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Pillow's reading of an animated file: its info and each frame's straight RGBA bytes.
    private func decoded(_ path: String) throws -> (info: [String: Any], frames: [[UInt8]]) {
        let python = URL(fileURLWithPath: Cairn.repositoryRoot + "/.venv/bin/python")
        let run = try Cairn.run([Cairn.repositoryRoot + "/Tests/Support/anim_decode.py", path], program: python)
        try #require(run.status == 0, "anim_decode.py: \(run.stderr) (make test makes the venv)")
        let info = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any])
        return (info, (info["pixels"] as? [String] ?? []).map { [UInt8](Data(base64Encoded: $0) ?? Data()) })
    }

    private func rgba(_ surface: Surface) -> [UInt8] {
        (0..<surface.height).flatMap { y in
            (0..<surface.width).flatMap { x -> [UInt8] in
                let p = surface.pixel(x: x, y: y)
                return p.a == 0 ? [0, 0, 0, 0] : [p.r, p.g, p.b, p.a]
            }
        }
    }

    @Test(arguments: ["png", "webp"])
    func everyFrameIsThatSourcesStillTile(format: String) throws {
        let directory = try temporary()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let region = ["--bbox", "-10,35,30,60", "--zoom", "1", "--chain", "grid", "--format", format]
        let animated = try Cairn.run(["render", "--frames", world, "--frames", "file://\(directory)/none/{z}/{x}/{y}.png",
                                      "--delay", "300", "--loops", "2", "--out", directory + "/animated"] + region)
        #expect(animated.status == 0, "\(animated.stderr)")
        let still = try Cairn.run(["render", "--source", world, "--recode", "--out", directory + "/still"] + region
                                  + (format == "webp" ? ["--quality", "100"] : []))
        #expect(still.status == 0, "\(still.stderr)")
        let (info, frames) = try decoded(directory + "/animated/1/1/0.\(format)")
        #expect(info["format"] as? String == format.uppercased() && info["frames"] as? Int == 2)
        #expect((info["durations"] as? [Double])?.map { Int($0) } == [300, 300] && info["loop"] as? Int == 2)
        if format == "png" {
            let expected = rgba(try ImageDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/still/1/1/0.png")))))
            #expect(frames[0] == expected, "frame 0 is the still tile")
        }
        #expect(frames[0].enumerated().contains { $0.offset % 4 == 3 && $0.element == 255 }, "frame 0 has the map")
        #expect(frames[1].enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 0 }, "the missing frame is transparent")
    }

    @Test func anAnimatedSnapshotIsEveryFramesStillSnapshot() throws {
        let directory = try temporary()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let view = ["--center", "10,50", "--zoom", "2.5", "--size", "300x200", "--chain", "grid", "--markers", "10,50"]
        let animated = try Cairn.run(["snapshot", "--frames", world, "--frames", "file://\(directory)/none/{z}/{x}/{y}.png",
                                      "--delay", "250", "-o", directory + "/map.png"] + view)
        #expect(animated.status == 0 && animated.stderr.contains("warning: --frames: none of the"), "\(animated.stderr)")
        let still = try Cairn.run(["snapshot", "--source", world] + view)
        #expect(still.status == 0, "\(still.stderr)")
        let (info, frames) = try decoded(directory + "/map.png")
        #expect(info["frames"] as? Int == 2 && (info["durations"] as? [Double])?.map { Int($0) } == [250, 250])
        #expect(frames[0] == rgba(try ImageDecoder.decode(still.stdout)), "frame 0 is the still snapshot")
        let jpeg = try Cairn.run(["snapshot", "--frames", world, "--frames", world, "-o", directory + "/map.jpg"] + view)
        #expect(jpeg.status == 64 && jpeg.stderr.contains("not jpeg") && !FileManager.default.fileExists(atPath: directory + "/map.jpg"))
    }

    @Test func timesFillTheSourcesPlaceholderAndBadOptionsAreRefused() throws {
        let directory = try temporary()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createSymbolicLink(atPath: directory + "/a", withDestinationPath: worldTiles)
        try FileManager.default.createSymbolicLink(atPath: directory + "/b", withDestinationPath: worldTiles)
        let run = try Cairn.run(["render", "--source", "file://\(directory)/{t}/{z}/{x}/{y}.png", "--times", "a,b",
                                 "--bbox", "0,0,1,1", "--zoom", "0", "--out", directory + "/out"])
        #expect(run.status == 0, "\(run.stderr)")
        let (info, _) = try decoded(directory + "/out/0/0/0.png")
        #expect(info["frames"] as? Int == 1 && (info["durations"] as? [Double])?.map { Int($0) } == [1000], "two identical frames merge")
        let cases: [([String], String)] = [
            (["--source", world, "--times", "a,b"], "--times needs a --source template with {t}"),
            (["--source", "file://\(directory)/{t}/{z}/{x}/{y}.png"], "give the --times"),
            (["--source", world, "--frames", world], "give --source, or --frames"),
            (["--frames", world, "--format", "jpeg"], "not jpeg"),
            (["--frames", world, "--delay", "5"], "--delay must be from 10 to 60000 ms"),
        ]
        for (arguments, message) in cases {
            let refused = try Cairn.run(["render"] + arguments + ["--bbox", "0,0,1,1", "--zoom", "0", "--out", directory + "/bad"])
            #expect(refused.status == 64 && refused.stderr.contains(message), "\(arguments): \(refused.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory + "/bad/0/0/0.png"))
    }
}
