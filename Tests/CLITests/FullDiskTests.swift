import Codecs
import Foundation
import Testing
import TestTier
import TestUpstream

/// Batch commands on a disk that fills up (a small tmpfs the test mounts): exit 74 with one
/// `error:` line that names the path and "No space left on device", only whole files left behind
/// (no temporaries), and `--resume` finishes the job once there is room.
@Suite(.process, .serialized) struct FullDiskTests {
    /// The corpus' zooms 0–3 through a chain: 77 tiles of about 10 kB.
    private let render = ["render", "--source", "file://\(worldTiles)/{z}/{x}/{y}.png", "--bbox=-180,-85,180,85",
                          "--zoom", "0-3", "--chain", "mosaic|grid", "--jobs", "2"]

    /// Exit 74 and exactly one `error:` line, naming `path` and the full disk.
    private func expectDiskFull(_ run: CairnRun, naming path: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 74, "exit \(run.status): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.errorLines.count == 1, "\(run.errorLines)", sourceLocation: sourceLocation)
        let line = run.errorLines.first ?? ""
        #expect(line.contains(path) && line.contains("No space left on device"), "\(line)", sourceLocation: sourceLocation)
    }

    /// Every file under `directory` is a whole PNG; no temporary is left. Their names.
    private func expectWholeImages(in directory: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        let names = files(under: directory)
        #expect(names.allSatisfy { !$0.contains(".tmp-") }, "temporaries left: \(names.filter { $0.contains(".tmp-") })",
                sourceLocation: sourceLocation)
        for name in names where (try? ImageDecoder.decode(contents(directory + "/" + name))) == nil {
            Issue.record("\(name) is not a whole image", sourceLocation: sourceLocation)
        }
        return names
    }

    @Test func renderIntoADirectory() throws {
        let disk = try SmallDisk(size: "512k")
        let out = disk.path + "/tiles"
        expectDiskFull(try Cairn.run(render + ["--out", out]), naming: out)
        let partial = expectWholeImages(in: out)
        #expect(!partial.isEmpty && partial.count < 77, "\(partial.count) tiles")

        try disk.resize(to: "64m")
        let resumed = try Cairn.run(render + ["--out", out, "--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("rendered \(77 - partial.count) tiles") && resumed.stderr.contains("\(partial.count) skipped"), "\(resumed.stderr)")
        #expect(expectWholeImages(in: out).count == 77)
    }

    /// 1365 tiny tiles, committed 500 to a transaction: the disk fills after the first batch.
    @Test func renderIntoMBTiles() throws {
        let disk = try SmallDisk(size: "192k")
        let out = disk.path + "/world.mbtiles"
        let render = ["render", "--source", "none", "--bbox=-180,-85,180,85", "--zoom", "0-5", "--out", out, "--jobs", "2"]
        expectDiskFull(try Cairn.run(render), naming: out)
        #expect(try sqlite(out, "PRAGMA integrity_check") == "ok")
        let partial = Int(try sqlite(out, "SELECT count(*) FROM tiles")) ?? -1
        #expect(partial > 0 && partial < 1365, "\(partial) tiles")

        try disk.resize(to: "64m")
        let resumed = try Cairn.run(render + ["--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("\(partial) skipped"), "\(resumed.stderr)")
        #expect(try sqlite(out, "PRAGMA integrity_check") == "ok")
        #expect(try sqlite(out, "SELECT count(*) FROM tiles") == "1365")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path) == ["world.mbtiles"])
    }

    @Test func badges() throws {
        let disk = try SmallDisk(size: "512k")
        let out = disk.path + "/markers"
        try fillUpThenResume(["badges", "--counts", "1-1500", "--label", "exact", "--out-dir", out, "--jobs", "2"],
                             out: out, disk: disk, items: 1500, noun: "badges")
    }

    @Test func cards() throws {
        let manifestDirectory = try Cairn.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: manifestDirectory) }
        let manifest = manifestDirectory + "/cards.jsonl"
        let lines = (1...60).map { #"{"id": "place-\#($0)", "title": "Place \#($0)", "subtitle": "Street \#($0), Town"}"# }
        try lines.joined(separator: "\n").write(toFile: manifest, atomically: true, encoding: .utf8)
        let disk = try SmallDisk(size: "128k")
        let out = disk.path + "/cards"
        try fillUpThenResume(["cards", manifest, "--out-dir", out, "--jobs", "2"], out: out, disk: disk, items: 60, noun: "cards")
    }

    /// A batch of `items` images into `out` on `disk`: it stops on the full disk with only whole
    /// images written; once the disk has grown, `--resume` draws the rest and skips the others.
    private func fillUpThenResume(_ arguments: [String], out: String, disk: SmallDisk, items: Int, noun: String,
                                  sourceLocation: SourceLocation = #_sourceLocation) throws {
        expectDiskFull(try Cairn.run(arguments), naming: out, sourceLocation: sourceLocation)
        let partial = expectWholeImages(in: out, sourceLocation: sourceLocation)
        #expect(!partial.isEmpty && partial.count < items, "\(partial.count) \(noun)", sourceLocation: sourceLocation)

        try disk.resize(to: "64m")
        let resumed = try Cairn.run(arguments + ["--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)", sourceLocation: sourceLocation)
        #expect(resumed.stderr.contains("rendered \(items - partial.count) \(noun)") && resumed.stderr.contains("; \(partial.count) already there"),
                "\(resumed.stderr)", sourceLocation: sourceLocation)
        #expect(expectWholeImages(in: out, sourceLocation: sourceLocation).count == items, sourceLocation: sourceLocation)
    }
}
