import Foundation
import Testing
import TestTier

/// docs/cli.md's one rule, held for every command: a wrong command line or settings file is 64, an
/// input whose contents are bad 65, an input or output that cannot be opened, read or written 74;
/// always `error:` lines naming the option or file, never a crash.
@Suite(.process) struct ExitCodeTests {
    struct Mistake: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let status: Int32
        /// What the error line says (a part of it): the option or file it names.
        let names: String
        var testDescription: String { "\(status): cairn \(arguments.joined(separator: " "))" }
    }

    static let usage: Int32 = 64, data: Int32 = 65, io: Int32 = 74

    static let mistakes: [Mistake] = [
        // Usage: the command line, or a settings file.
        Mistake(arguments: ["badge", "3", "--scale", "9"], status: usage, names: "--scale"),
        Mistake(arguments: ["badge", "3", "--style", "missing.yml"], status: usage, names: "--style missing.yml"),
        Mistake(arguments: ["badges", "--counts", "1-3", "--out-dir", "out", "--scale", "9"], status: usage, names: "--scale"),
        Mistake(arguments: ["card", "--title", "A", "--theme", "sepia"], status: usage, names: "--theme"),
        Mistake(arguments: ["cards", "bad.jsonl", "--out-dir", "out", "--jobs", "0"], status: usage, names: "--jobs"),
        Mistake(arguments: ["filter", "tile.png", "--chain", "nope"], status: usage, names: "--chain"),
        Mistake(arguments: ["render", "--source", "none", "--bbox", "0,0,1,1", "--zoom", "3-1", "--out", "out"], status: usage, names: "--zoom"),
        Mistake(arguments: ["render", "--source", "tiles/{z}/{x}/{y}.png", "--bbox", "0,0,1,1", "--zoom", "1", "--out", "out"], status: usage, names: "--source"),
        Mistake(arguments: ["snapshot", "--source", "none", "--center", "0,0", "--zoom", "1", "--size", "0x0"], status: usage, names: "--size"),
        Mistake(arguments: ["clusters", "points.csv"], status: usage, names: "--zoom"),
        Mistake(arguments: ["convert", "corrupt.mbtiles"], status: usage, names: "output"),
        Mistake(arguments: ["serve", "--config", "unknown-key.yml"], status: usage, names: "unknown-key.yml"),
        Mistake(arguments: ["serve", "--config", "missing.yml"], status: usage, names: "missing.yml"),
        Mistake(arguments: ["cache", "stats", "--config", "unknown-key.yml"], status: usage, names: "unknown-key.yml"),
        Mistake(arguments: ["cache", "seed", "--config", "failing.yml", "--layer", "nope", "--bbox=-180,-85,180,85", "--zoom", "0"], status: usage, names: "--layer"),
        Mistake(arguments: ["sign", "/static/x.png", "--keys-file", "keys", "--expires", "soon"], status: usage, names: "--expires"),
        // Bad data: an input read, its contents wrong.
        Mistake(arguments: ["cards", "bad.jsonl", "--out-dir", "out"], status: data, names: "bad.jsonl"),
        Mistake(arguments: ["filter", "corrupt.png", "--chain", "grayscale", "-o", "out.png"], status: data, names: "corrupt.png"),
        Mistake(arguments: ["filter", "corrupt.mbtiles", "--tile", "0/0/0", "--chain", ""], status: data, names: "corrupt.mbtiles"),
        Mistake(arguments: ["render", "--source", "corrupt.mbtiles", "--bbox=-180,-85,180,85", "--zoom", "0", "--out", "out"], status: data, names: "corrupt.mbtiles"),
        Mistake(arguments: ["render", "--source", "corrupt-tiles", "--bbox=-180,-85,180,85", "--zoom", "0", "--out", "out"], status: data, names: "tiles failed"),
        Mistake(arguments: ["snapshot", "--source", "corrupt.mbtiles", "--center", "0,0", "--zoom", "0", "--size", "64x64", "-o", "out.png"], status: data, names: "corrupt.mbtiles"),
        Mistake(arguments: ["clusters", "bad.csv", "--stats"], status: data, names: "bad.csv"),
        Mistake(arguments: ["convert", "corrupt.mbtiles", "out.pmtiles"], status: data, names: "corrupt.mbtiles"),
        Mistake(arguments: ["serve", "--config", "bad-dataset.yml"], status: data, names: "bad.csv"),
        Mistake(arguments: ["cache", "seed", "--config", "failing.yml", "--layer", "broken", "--bbox=-180,-85,180,85", "--zoom", "0"], status: data, names: "tiles failed"),
        // I/O: an input or output that cannot be opened, read or written.
        Mistake(arguments: ["badge", "3", "-o", "no-such-directory/b.png"], status: io, names: "no-such-directory/b.png"),
        Mistake(arguments: ["card", "--title", "A", "-o", "no-such-directory/c.png"], status: io, names: "no-such-directory/c.png"),
        Mistake(arguments: ["cards", "missing.jsonl", "--out-dir", "out"], status: io, names: "missing.jsonl"),
        Mistake(arguments: ["filter", "missing.png", "--chain", "grayscale"], status: io, names: "missing.png"),
        Mistake(arguments: ["render", "--source", "missing.mbtiles", "--bbox=-180,-85,180,85", "--zoom", "0", "--out", "out"], status: io, names: "missing.mbtiles"),
        Mistake(arguments: ["render", "--source", "none", "--tiles", "missing.txt", "--out", "out"], status: io, names: "missing.txt"),
        Mistake(arguments: ["snapshot", "--source", "missing.mbtiles", "--center", "0,0", "--zoom", "0", "--size", "64x64", "-o", "out.png"], status: io, names: "missing.mbtiles"),
        Mistake(arguments: ["clusters", "missing.csv", "--stats"], status: io, names: "missing.csv"),
        Mistake(arguments: ["convert", "missing.mbtiles", "out.pmtiles"], status: io, names: "missing.mbtiles"),
        Mistake(arguments: ["serve", "--config", "missing-dataset.yml"], status: io, names: "missing.csv"),
        Mistake(arguments: ["cache", "seed", "--config", "failing.yml", "--layer", "broken", "--tiles", "missing.txt"], status: io, names: "missing.txt"),
        Mistake(arguments: ["sign", "/static/x.png", "--keys-file", "missing-keys"], status: io, names: "missing-keys"),
    ]

    @Test(arguments: mistakes)
    func oneErrorLineAndTheRulesCode(_ mistake: Mistake) throws {
        let directory = try Self.scratch()
        let run = try Cairn.run(mistake.arguments, in: directory, environment: ["CAIRN_CACHE_DIR": directory + "/cache"])
        #expect(run.status == mistake.status, "\(run.stderr)")
        // One line per problem (a manifest's or a points file's bad records each have theirs), each naming it.
        #expect(!run.errorLines.isEmpty && run.errorLines.allSatisfy { $0.contains(mistake.names) }, "\(run.stderr)")
    }

    /// A directory with the inputs the mistakes name.
    static func scratch() throws -> String {
        let directory = try Cairn.temporaryDirectory()
        func write(_ text: String, _ name: String) throws {
            try FileManager.default.createDirectory(atPath: (directory + "/" + name as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
        }
        try FileManager.default.copyItem(atPath: Cairn.repositoryRoot + "/Samples/tiles/0/0/0.png", toPath: directory + "/tile.png")
        try write("not a database, not an image", "corrupt.mbtiles")
        try write("not an image", "corrupt.png")
        try write("not an image", "corrupt-tiles/0/0/0.png")
        try write("{\"id\": \"a\", \"title\": \"A\"}\n{not json\n", "bad.jsonl")
        try write("lon,lat\n0,0\n200,95\n", "bad.csv")
        try write("lon,lat\n0,0\n1,1\n", "points.csv")
        try write("key\n", "keys")
        try write("server: {port: 0}\ncache: {dir: cache}\nno_such_key: 1\n", "unknown-key.yml")
        try write("server: {port: 0}\ncache: {dir: cache}\ndatasets:\n  bad: {file: bad.csv}\n", "bad-dataset.yml")
        try write("server: {port: 0}\ncache: {dir: cache}\ndatasets:\n  gone: {file: missing.csv}\n", "missing-dataset.yml")
        try write("cache: {dir: cache}\nlayers:\n  broken:\n    source: {url: \"file://corrupt-tiles/{z}/{x}/{y}.png\"}\n", "failing.yml")
        return directory
    }
}
