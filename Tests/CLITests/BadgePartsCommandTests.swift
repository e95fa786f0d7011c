import Canvas
import Codecs
import Foundation
import Testing
import TestTier

/// `cairn badge COUNT --parts … --look donut|pie|dominant`.
@Suite(.process) struct BadgePartsCommandTests {
    private let red = try! Color(parsing: "#e6194b").pixel, green = try! Color(parsing: "#3cb44b").pixel

    /// The pixel `radius` points from the centre at `bearing` degrees clockwise from 12 o'clock.
    private func pixel(_ image: Surface, bearing: Double, radius: Double, scale: Double) -> RGBA8 {
        let centre = Double(image.width) / 2, angle = bearing * .pi / 180
        return image.pixel(x: Int((centre + radius * scale * sin(angle)).rounded(.down)),
                           y: Int((centre - radius * scale * cos(angle)).rounded(.down)))
    }

    @Test func partsDrawADonutByDefault() throws {
        let dir = try Cairn.temporaryDirectory()
        let run = try Cairn.run(["badge", "42", "--parts", "restaurant=30,cafe=10", "--scale", "2", "-o", dir + "/b.png"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        let image = try ImageDecoder.decode(Array(FileManager.default.contents(atPath: dir + "/b.png")!))
        #expect(image.width == 96 && image.height == 96)
        #expect(pixel(image, bearing: 45, radius: 20.5, scale: 2).distance(to: red) <= 2)
        #expect(pixel(image, bearing: 315, radius: 20.5, scale: 2).distance(to: green) <= 2)
        #expect(image.pixel(x: 0, y: 0).a == 0)
        let explicit = try Cairn.run(["badge", "42", "--parts", "restaurant=30,cafe=10", "--scale", "2", "--look", "donut"])
        #expect(explicit.stdout == Array(FileManager.default.contents(atPath: dir + "/b.png")!))
    }

    @Test func pieAndDominantWithGivenColours() throws {
        let pie = try ImageDecoder.decode(try Cairn.run(["badge", "42", "--parts", "a=30:#112233,b=10:00ff00", "--look", "pie"]).stdout)
        #expect(pixel(pie, bearing: 135, radius: 20, scale: 1).distance(to: RGBA8(r: 0x11, g: 0x22, b: 0x33, a: 255)) <= 2)
        #expect(pixel(pie, bearing: 315, radius: 20, scale: 1).distance(to: RGBA8(r: 0, g: 255, b: 0, a: 255)) <= 2)
        let dominant = try ImageDecoder.decode(try Cairn.run(["badge", "42", "--parts", "a=3:navy,b=10:#ff8800", "--look", "dominant",
                                                              "--style", "leaflet", "--scale", "2"]).stdout)
        #expect(dominant.width == 80)
        #expect(dominant.pixel(x: 14, y: 40).distance(to: RGBA8(r: 255, g: 0x88, b: 0, a: 255)) <= 2)
    }

    @Test func everyLookIsDeterministicAndLooksDifferent() throws {
        var outputs: [[UInt8]] = []
        for look in ["donut", "pie", "dominant"] {
            let arguments = ["badge", "1234", "--style", "ios", "--scale", "3", "--label", "abbrev", "--parts", "a=5,b=3,other=1", "--look", look]
            let a = try Cairn.run(arguments), b = try Cairn.run(arguments)
            #expect(a.status == 0 && !a.stdout.isEmpty && a.stdout == b.stdout, "\(look): \(a.stderr)")
            outputs.append(a.stdout)
        }
        #expect(Set(outputs).count == 3)
    }

    @Test func vectorFormatsWithParts() throws {
        let dir = try Cairn.temporaryDirectory()
        #expect(try Cairn.run(["badge", "5", "--parts", "a=1,b=4", "-o", dir + "/b.svg"]).status == 0)
        let svg = String(decoding: FileManager.default.contents(atPath: dir + "/b.svg")!, as: UTF8.self)
        #expect(svg.contains("<svg") && svg.contains("</svg>"))
        let pdf = try Cairn.run(["badge", "5", "--parts", "a=1,b=4", "--look", "pie", "--format", "pdf"])
        #expect(pdf.status == 0 && String(decoding: pdf.stdout.prefix(5), as: UTF8.self) == "%PDF-")
    }

    @Test(arguments: [
        (["badge", "42", "--parts", "a=x"], "--parts 'a=x': 'a=x': the count must be a whole number"),
        (["badge", "42", "--parts", "a=3,b=-1"], "part 'b': the count must not be negative (got -1)"),
        (["badge", "42", "--parts", "a=0,b=0"], "--parts 'a=0,b=0': every part's count is 0"),
        (["badge", "42", "--parts", "a"], "'a': expected NAME=COUNT[:COLOUR]"),
        (["badge", "42", "--parts", "a=1:blurple"], "invalid colour 'blurple'"),
        (["badge", "42", "--parts", "a=1,a=2"], "part 'a' is given twice"),
        (["badge", "42", "--parts", "a=1", "--look", "square"], "square"),
        (["badge", "42", "--look", "pie"], "--look needs --parts"),
    ])
    func badPartsExit64WithOneErrorLine(arguments: [String], message: String) throws {
        let dir = try Cairn.temporaryDirectory()
        let run = try Cairn.run(arguments + ["-o", dir + "/b.png"])
        #expect(run.status == 64, "\(arguments): \(run.status) \(run.stderr)")
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.errorLines.first?.contains(message) == true, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)   // nothing written
    }
}
