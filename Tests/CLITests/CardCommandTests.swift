import Canvas
import Codecs
import Foundation
import Testing
import TestTier

@Suite(.process) struct CardCommandTests {
    let thumbnail = Cairn.repositoryRoot + "/Samples/thumbnails/europe.png"

    @Test func oneCardWithThumbnail() throws {
        let dir = try Cairn.temporaryDirectory()
        let run = try Cairn.run(["card", "--title", "Café Central", "--subtitle", "Herrengasse 14", "--image", thumbnail,
                                 "--scale", "2", "-o", dir + "/c.png"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        let image = try ImageDecoder.decode(Array(FileManager.default.contents(atPath: dir + "/c.png")!))
        #expect(image.width == (240 + 22) * 2 && image.height == (64 + 8 + 22) * 2)
        #expect(image.pixel(x: 0, y: 0).a == 0)
        #expect(image.pixel(x: (11 + 230) * 2, y: (11 + 60) * 2) == RGBA8(r: 255, g: 255, b: 255, a: 255))
    }

    @Test func missingThumbnailWarnsAndStillRenders() throws {
        let run = try Cairn.run(["card", "--title", "No photo", "--image", "/nonexistent/x.jpg", "--theme", "dark"])
        #expect(run.status == 0)
        #expect(run.stderr == "warning: thumbnail '/nonexistent/x.jpg': no such file; drawing a placeholder\n")
        let image = try ImageDecoder.decode(run.stdout)
        #expect(image.pixel(x: 11 + 12, y: 11 + 52).distance(to: try Color(parsing: "#3c4043").pixel) <= 2)
    }

    @Test func corruptThumbnailWarnsAndStillRenders() throws {
        let corrupt = Cairn.repositoryRoot + "/Tests/Fixtures/pngsuite/xcrn0g04.png"
        let run = try Cairn.run(["card", "--title", "Broken", "--image", corrupt])
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix("warning: thumbnail '\(corrupt)': "))
        #expect(Array(run.stdout.prefix(8)) == pngSignature)
    }

    @Test(arguments: [
        (["card"], "--title is required"),
        (["card", "--title", ""], "--title is required"),
        (["card", "--title", "x", "--theme", "sepia"], "--theme must be light or dark"),
        (["card", "--title", "x", "--width", "10"], "--width must be between 120 and 600"),
    ])
    func badUsage(arguments: [String], message: String) throws {
        let run = try Cairn.run(arguments)
        #expect(run.status == 64)
        #expect(run.errorLines.count == 1 && run.errorLines[0].contains(message), "\(run.stderr)")
    }

    @Test func manifestWithABadLineRendersTheRestAndExits65() throws {
        let dir = try Cairn.temporaryDirectory()
        try FileManager.default.copyItem(atPath: thumbnail, toPath: dir + "/t.png")
        let manifest = """
            {"id": "one", "title": "One", "subtitle": "first", "image": "t.png"}
            {"id": "two", "subtitle": "no title"}
            {"id": "three", "title": "Three", "image": "missing.png"}
            """
        try manifest.write(toFile: dir + "/m.jsonl", atomically: true, encoding: .utf8)
        let run = try Cairn.run(["cards", dir + "/m.jsonl", "--out-dir", dir + "/out", "--scale", "2"])
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.errorLines.first == "error: \(dir)/m.jsonl:2: missing 'title'")
        #expect(run.stderr.contains("warning: \(dir)/m.jsonl:3: thumbnail '\(dir)/missing.png': no such file"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/out").sorted() == ["one@2x.png", "three@2x.png"])
    }

    @Test func bundledSampleManifestRendersEveryCard() throws {
        let dir = try Cairn.temporaryDirectory()
        let run = try Cairn.run(["cards", Cairn.repositoryRoot + "/Samples/cards.jsonl", "--out-dir", dir, "--jobs", "2"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try String(contentsOfFile: Cairn.repositoryRoot + "/Samples/cards.jsonl", encoding: .utf8)
            .split(separator: "\n").count
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).count == lines)
    }

    @Test func missingManifestExits74() throws {
        let run = try Cairn.run(["cards", "/nonexistent/m.jsonl", "--out-dir", "/tmp/x"])
        #expect(run.status == 74)
        #expect(run.errorLines == ["error: /nonexistent/m.jsonl: cannot read the manifest (no such file)"])
    }
}
