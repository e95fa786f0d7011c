import Codecs
import Foundation
import Testing
import TestTier

@Suite(.process) struct BadgesCommandTests {
    @Test func writesPredictablyNamedFiles() throws {
        let dir = try Cairn.temporaryDirectory()
        let run = try Cairn.run(["badges", "--counts", "1-20,100,1000", "--scale", "2", "--out-dir", dir + "/out"])
        #expect(run.status == 0, "\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/out").sorted()
        #expect(files.count == 22)
        #expect(files.contains("cluster-1000@2x.png") && files.contains("cluster-7@2x.png"))
        #expect(!files.contains { $0.hasPrefix(".") })
        #expect(run.stderr.contains("rendered 22 badges"))
        // 10..19 share one look ("10+"): identical bytes.
        let ten = FileManager.default.contents(atPath: dir + "/out/cluster-10@2x.png")
        let nineteen = FileManager.default.contents(atPath: dir + "/out/cluster-19@2x.png")
        #expect(ten == nineteen)
        #expect(try ImageDecoder.decode(Array(ten!)).width == 96)
    }

    @Test func quietPrintsNothing() throws {
        let dir = try Cairn.temporaryDirectory()
        let run = try Cairn.run(["badges", "--counts", "1-3", "--out-dir", dir, "--quiet", "--label", "exact"])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(FileManager.default.fileExists(atPath: dir + "/cluster-3.png"))
    }

    @Test func bucketsGivesOneBadgePerBucket() throws {
        let dir = try Cairn.temporaryDirectory()
        let run = try Cairn.run(["badges", "--buckets", "--style", "ios", "--out-dir", dir, "--prefix", "m"])
        #expect(run.status == 0, "\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(files.contains("m-10.png") && files.contains("m-1000.png") && files.contains("m-2.png"))
        #expect(files.count == 8 + 5)
    }

    @Test func spriteSheetAtOneAndTwoX() throws {
        let dir = try Cairn.temporaryDirectory()
        let run = try Cairn.run(["badges", "--counts", "1-30", "--sprite", "clusters", "--out-dir", dir])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
                == ["clusters.json", "clusters.png", "clusters@2x.json", "clusters@2x.png"])
        let index = try JSONSerialization.jsonObject(with: FileManager.default.contents(atPath: dir + "/clusters@2x.json")!) as! [String: [String: Int]]
        #expect(index.count == 30)
        #expect(index["cluster-25"]?["pixelRatio"] == 2 && index["cluster-25"]?["width"] == 96)
        let sheet = try ImageDecoder.decode(Array(FileManager.default.contents(atPath: dir + "/clusters@2x.png")!))
        let e = index["cluster-5"]!
        #expect(e["x"]! + e["width"]! <= sheet.width && e["y"]! + e["height"]! <= sheet.height)
        #expect(sheet.pixel(x: e["x"]! + 48, y: e["y"]! + 48).a == 255)
    }

    @Test(arguments: [
        (["badges", "--counts", "5-1", "--out-dir", "x"], "runs backwards"),
        (["badges", "--out-dir", "x"], "either --counts SPEC or --buckets"),
        (["badges", "--counts", "1", "--buckets", "--out-dir", "x"], "either --counts SPEC or --buckets"),
        (["badges", "--counts", "1,b", "--out-dir", "x"], "'b' is not a count"),
        (["badges", "--counts", "1", "--out-dir", "x", "--jobs", "0"], "--jobs must be at least 1"),
        (["badges", "--counts", "1", "--out-dir", "x", "--sprite", "a/b"], "--sprite takes a bare name"),
        (["badges", "--counts", "1", "--out-dir", "x", "--sprite", "s", "--scale", "2"], "--sprite always writes @1x and @2x"),
        (["badges", "--counts", "1", "--out-dir", "x", "--sprite", "s", "--format", "svg"], "--sprite sheets are PNG"),
    ])
    func badUsage(arguments: [String], message: String) throws {
        let dir = try Cairn.temporaryDirectory()
        let run = try Cairn.run(arguments, in: dir)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.errorLines.count == 1 && run.errorLines[0].contains(message), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test func outDirThatIsAFileExits74() throws {
        let dir = try Cairn.temporaryDirectory()
        _ = FileManager.default.createFile(atPath: dir + "/file", contents: Data("x".utf8))
        let run = try Cairn.run(["badges", "--counts", "1-3", "--out-dir", dir + "/file"])
        #expect(run.status == 74, "\(run.stderr)")
        #expect(run.errorLines.count == 1)
    }
}
