import Canvas
import Codecs
import Foundation
import Testing
import TestTier

@Suite(.process) struct BadgeCommandTests {
    @Test func writesOneBadgeToAFile() throws {
        let dir = try Cairn.temporaryDirectory()
        let run = try Cairn.run(["badge", "42", "--scale", "2", "-o", dir + "/b.png"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        let image = try ImageDecoder.decode(Array(FileManager.default.contents(atPath: dir + "/b.png")!))
        #expect(image.width == 96 && image.height == 96)
        #expect(image.pixel(x: 0, y: 0).a == 0)
        // google, count 42: bucket 20, fill HSV(((300-20)^2/300^2)*220, 1, .6)
        let hue = Double((300 - 20) * (300 - 20)) / 90000 * 220
        #expect(image.pixel(x: 12, y: 48).distance(to: Color(hue: hue, saturation: 1, value: 0.6).pixel) <= 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["b.png"])  // no temp file left
    }

    @Test func writesToStdoutWhenNoOutputIsGiven() throws {
        let run = try Cairn.run(["badge", "7", "--style", "leaflet"])
        #expect(run.status == 0)
        #expect(Array(run.stdout.prefix(8)) == pngSignature)
        #expect(try ImageDecoder.decode(run.stdout).width == 40)
    }

    @Test func sameBadgeTwiceIsByteIdentical() throws {
        let a = try Cairn.run(["badge", "1234", "--style", "ios", "--scale", "3"])
        let b = try Cairn.run(["badge", "1234", "--style", "ios", "--scale", "3"])
        #expect(a.stdout == b.stdout && !a.stdout.isEmpty)
    }

    @Test func vectorFormatsFromFlagOrExtension() throws {
        let dir = try Cairn.temporaryDirectory()
        #expect(try Cairn.run(["badge", "5", "-o", dir + "/b.svg"]).status == 0)
        #expect(String(decoding: FileManager.default.contents(atPath: dir + "/b.svg")!, as: UTF8.self).contains("<svg"))
        let pdf = try Cairn.run(["badge", "5", "--format", "pdf"])
        #expect(String(decoding: pdf.stdout.prefix(5), as: UTF8.self) == "%PDF-")
    }

    @Test func customStyleFile() throws {
        let run = try Cairn.run(["badge", "1234", "--style", Cairn.repositoryRoot + "/Samples/styles/brand.yml"])
        #expect(run.status == 0, "\(run.stderr)")
        let image = try ImageDecoder.decode(run.stdout)
        #expect(image.width > 44)   // 44 pt disc plus the shadow's room
    }

    @Test(arguments: [
        (["badge", "--", "-5"], "COUNT must not be negative"),
        (["badge", "5", "--scale", "5"], "--scale must be 1, 2, 3 or 4"),
        (["badge", "5", "--label", "roman"], "roman"),
        (["badge", "5", "--style", "apple"], "--style 'apple'"),
        (["badge", "5", "--style", "/nonexistent/s.yml"], "/nonexistent/s.yml: cannot read the file"),
        (["badge", "5", "--fonts", "/nonexistent"], "fonts directory '/nonexistent' does not exist"),
        (["badge"], "missing expected argument"),
        (["frobnicate"], "unknown command 'frobnicate'"),
    ])
    func badUsageExits64WithOneErrorLine(arguments: [String], message: String) throws {
        let run = try Cairn.run(arguments)
        #expect(run.status == 64, "\(arguments): \(run.status) \(run.stderr)")
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.errorLines.first?.contains(message) == true, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func badStyleFileNamesTheKeyPath() throws {
        let dir = try Cairn.temporaryDirectory()
        try "ring: {width: wide}\n".write(toFile: dir + "/bad.yml", atomically: true, encoding: .utf8)
        let run = try Cairn.run(["badge", "5", "--style", dir + "/bad.yml"])
        #expect(run.status == 64)
        #expect(run.errorLines == ["error: --style \(dir)/bad.yml: ring.width: expected a number"])
    }

    @Test func unwritableOutputExits74AndLeavesNothing() throws {
        let run = try Cairn.run(["badge", "5", "-o", "/nonexistent-dir/b.png"])
        #expect(run.status == 74)
        #expect(run.errorLines.count == 1 && run.errorLines[0].contains("/nonexistent-dir/b.png"))
    }

    @Test func writingToDevNullLeavesTheDeviceAlone() throws {
        // The Docker HEALTHCHECK does this; renaming a temporary file over /dev/null would replace the device.
        let run = try Cairn.run(["badge", "1", "-o", "/dev/null"])
        #expect(run.status == 0, "\(run.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/null")
        #expect(attributes[.type] as? FileAttributeType == .typeCharacterSpecial)
    }

    @Test func helpExitsZero() throws {
        let run = try Cairn.run(["badges", "--help"])
        #expect(run.status == 0)
        #expect(String(decoding: run.stdout, as: UTF8.self).contains("--counts"))
    }
}
