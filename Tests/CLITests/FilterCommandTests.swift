import Canvas
import Codecs
import Foundation
import Testing
import TestTier

@Suite(.process) struct FilterCommandTests {
    let tilePath = worldTiles + "/2/2/1.png"
    var tile: [UInt8] { Array(FileManager.default.contents(atPath: tilePath)!) }

    @Test func pipelineFromStdinToStdout() throws {
        let run = try Cairn.run(["filter", "--chain", "grayscale|grid", "--tile", "2/2/1"], stdin: tile)
        #expect(run.status == 0, "\(run.stderr)")
        let image = try ImageDecoder.decode(run.stdout)
        #expect(image.width == 256)
        let p = image.pixel(x: 128, y: 128)
        #expect(p.r == p.g && p.g == p.b)
    }

    @Test func emptyChainIsByteIdentical() throws {
        let run = try Cairn.run(["filter", "--chain", ""], stdin: tile)
        #expect(run.status == 0)
        #expect(run.stdout == tile)
        let recoded = try Cairn.run(["filter", "--chain", "identity", "--recode"], stdin: tile)
        #expect(recoded.status == 0, "\(recoded.stderr)")
        #expect(recoded.stdout != tile)   // decoded and encoded again by Cairn's own writer…
        let original = try ImageDecoder.decode(tile), again = try ImageDecoder.decode(recoded.stdout)
        #expect(again.width == original.width && again.height == original.height)
        #expect(pixels(again) == pixels(original))   // …to the same pixels
    }

    @Test func tileIsInferredFromThePathAndOutputFormatFromTheExtension() throws {
        let dir = try Cairn.temporaryDirectory()
        let withPath = try Cairn.run(["filter", tilePath, "--chain", "mosaic", "-o", dir + "/a.png"])
        let explicit = try Cairn.run(["filter", "--chain", "mosaic", "--tile", "2/2/1"], stdin: tile)
        #expect(withPath.status == 0 && explicit.status == 0)
        #expect(Array(FileManager.default.contents(atPath: dir + "/a.png")!) == explicit.stdout)
        #expect(try Cairn.run(["filter", tilePath, "--chain", "mosaic", "-o", dir + "/b.jpg"]).status == 0)
        #expect(ImageFormat.sniff(Array(FileManager.default.contents(atPath: dir + "/b.jpg")!)) == .jpeg)
    }

    @Test func chainFromAYAMLFile() throws {
        let dir = try Cairn.temporaryDirectory()
        try "- grayscale\n- grid: {format: classic}\n".write(toFile: dir + "/chain.yml", atomically: true, encoding: .utf8)
        let fromFile = try Cairn.run(["filter", "--chain", dir + "/chain.yml", "--tile", "2/2/1"], stdin: tile)
        let fromSpec = try Cairn.run(["filter", "--chain", "grayscale|grid:classic", "--tile", "2/2/1"], stdin: tile)
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(fromFile.stdout == fromSpec.stdout)
        try "- mosaic: {cells: x}\n".write(toFile: dir + "/bad.yml", atomically: true, encoding: .utf8)
        let bad = try Cairn.run(["filter", "--chain", dir + "/bad.yml"], stdin: tile)
        #expect(bad.status == 64)
        #expect(bad.errorLines == ["error: --chain: \(dir)/bad.yml[0].mosaic.cells: 'x' is not an integer in 1...256"])
    }

    @Test func corruptInputExits65AndWritesNothing() throws {
        let dir = try Cairn.temporaryDirectory()
        let corrupt = Cairn.repositoryRoot + "/Tests/Fixtures/pngsuite/xcsn0g01.png"
        let run = try Cairn.run(["filter", corrupt, "--chain", "grid", "-o", dir + "/out.png"])
        #expect(run.status == 65)
        #expect(run.errorLines.count == 1 && run.errorLines[0].hasPrefix("error: \(corrupt): "))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test(arguments: [
        (["filter", "--chain", "sparkle"], "unknown renderer 'sparkle'"),
        (["filter", "--chain", "blur:-1"], "blur.radius: '-1' is not a number"),
        (["filter", "--chain", "grid", "--tile", "3/9/1"], "--tile: tile 3/9/1 is outside"),
        (["filter", "--chain", "grid", "--quality", "0"], "--quality must be between 1 and 100"),
    ])
    func badUsage(arguments: [String], message: String) throws {
        let run = try Cairn.run(arguments, stdin: tile)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.errorLines.count == 1 && run.errorLines[0].contains(message), "\(run.stderr)")
    }
}
