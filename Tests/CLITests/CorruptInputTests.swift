import Foundation
import Testing
import TestTier

/// Every deliberately corrupt PngSuite image (`x*`) is refused by `cairn filter` and `cairn render`,
/// whether the chain decodes the tile or passes its bytes through untouched: exit 65, one error line
/// naming the input, and no output file.
@Suite(.process) struct CorruptInputTests {
    static let pngSuite = Cairn.repositoryRoot + "/Tests/Fixtures/pngsuite"
    static let corruptNames = ((try? FileManager.default.contentsOfDirectory(atPath: pngSuite)) ?? [])
        .filter { $0.hasPrefix("x") && $0.hasSuffix(".png") }.sorted()

    @Test func theCorpusHasAllFourteenCorruptImages() {
        #expect(Self.corruptNames.count == 14, "\(Self.corruptNames)")
    }

    @Test(arguments: corruptNames, ["", "grayscale"])
    func filterRefusesIt(name: String, chain: String) throws {
        let directory = try Cairn.temporaryDirectory()
        let input = Self.pngSuite + "/" + name
        let run = try Cairn.run(["filter", input, "--chain", chain, "-o", directory + "/out.png"])
        #expect(run.status == 65, "\(name) with chain '\(chain)': \(run.stderr)")
        #expect(run.errorLines.count == 1 && run.errorLines.first?.hasPrefix("error: \(input): ") == true, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "\(name): an output was written")
    }

    @Test(arguments: ["", "grayscale"])
    func renderFailsEachCorruptTileAndWritesOnlyTheGoodOne(chain: String) throws {
        // A z/x/y directory source: the corrupt images at 4/0/0…4/13/0, a real tile at 4/14/0.
        let source = try Cairn.temporaryDirectory(), output = try Cairn.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: source + "/4", withIntermediateDirectories: true)
        var list = ""
        for (x, name) in (Self.corruptNames + ["good"]).enumerated() {
            try FileManager.default.createDirectory(atPath: source + "/4/\(x)", withIntermediateDirectories: true)
            let from = name == "good" ? Cairn.repositoryRoot + "/Tests/Fixtures/tiles/world/3/3/3.png" : Self.pngSuite + "/" + name
            try FileManager.default.copyItem(atPath: from, toPath: source + "/4/\(x)/0.png")
            list += "4/\(x)/0\n"
        }
        try list.write(toFile: source + "/list.txt", atomically: true, encoding: .utf8)

        let run = try Cairn.run(["render", "--source", source, "--tiles", source + "/list.txt", "--chain", chain,
                                 "--out", output, "--quiet"])
        let bad = Self.corruptNames.count
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.errorLines == ["error: \(bad) of \(bad + 1) tiles failed"], "\(run.stderr)")
        let written = FileManager.default.enumerator(atPath: output)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".png") } ?? []
        #expect(written == ["4/\(bad)/0.png"])
    }
}
