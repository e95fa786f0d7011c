import Foundation
import Testing
import TestTier

/// The ways a shell hands `cairn render --tiles` its list, most of them readable only once.
enum ListFeed: String, CaseIterable, Sendable {
    /// `generate | cairn render --tiles -`
    case dash
    /// `generate | cairn render --tiles /dev/stdin`
    case devStdin
    /// `mkfifo list; generate > list & cairn render --tiles list`
    case fifo
    /// `cairn render --tiles <(generate)` (bash)
    case processSubstitution
    /// `cairn render --tiles - < list.txt`: stdin is a regular file, counted before the run.
    case redirectedFile

    /// Runs `cairn render arguments… --tiles X` with `list` fed the feed's way.
    func render(_ list: String, _ arguments: [String]) throws -> CairnRun {
        let render = ["render"] + arguments + ["--tiles"]
        switch self {
        case .dash:
            return try Cairn.run(render + ["-"], stdin: Array(list.utf8))
        case .devStdin:
            return try Cairn.run(render + ["/dev/stdin"], stdin: Array(list.utf8))
        case .fifo:
            let path = try Cairn.temporaryDirectory() + "/list"
            guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
            let writer = Thread {
                let descriptor = open(path, O_WRONLY)  // waits for cairn to open it
                guard descriptor >= 0 else { return }
                let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
                handle.write(Data(list.utf8))
                try? handle.close()
            }
            writer.start()
            let run = try Cairn.run(render + [path])
            if !writer.isFinished {  // cairn never opened it: let the writer go
                let reader = open(path, O_RDONLY | O_NONBLOCK)
                while !writer.isFinished { usleep(1000) }
                close(reader)
            }
            return run
        case .processSubstitution:
            return try Cairn.run(["-c", #""$CAIRN" "$@" <(printf %s "$LIST")"#, "bash"] + render,
                                 environment: ["CAIRN": Cairn.executable.path, "LIST": list],
                                 program: URL(fileURLWithPath: "/bin/bash"))
        case .redirectedFile:
            let path = try Cairn.temporaryDirectory() + "/list.txt"
            try list.write(toFile: path, atomically: true, encoding: .utf8)
            return try Cairn.run(["-c", #""$CAIRN" "$@" - < "$LIST_FILE""#, "bash"] + render,
                                 environment: ["CAIRN": Cairn.executable.path, "LIST_FILE": path],
                                 program: URL(fileURLWithPath: "/bin/bash"))
        }
    }
}

/// `cairn render --tiles` from pipes, FIFOs, process substitution and stdin: read once, every
/// listed tile rendered, bad lines reported with their number.
@Suite(.process) struct RenderTileStreamTests {
    private var source: [String] { ["--source", "file://\(worldTiles)/{z}/{x}/{y}.png"] }
    private let list = "# from a pipe\n0/0/0\n1/1/0\n2/2/1\n\n3/4/2  # a comment\n4/8/5\n"
    private let listed = ["0/0/0", "1/1/0", "2/2/1", "3/4/2", "4/8/5"]

    @Test(arguments: ListFeed.allCases)
    func rendersExactlyTheListedTiles(_ feed: ListFeed) throws {
        let out = try Cairn.temporaryDirectory() + "/tiles"
        let run = try feed.render(list, source + ["--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("rendered 5 tiles to \(out) in "), "\(run.stderr)")
        #expect(run.stderr.contains("0 no tile, 0 skipped, 0 failed"))
        #expect(files(under: out) == listed.map { $0 + ".png" }.sorted())
        // The empty chain copies the source's bytes.
        #expect(contents(out + "/3/4/2.png") == worldTile("3/4/2"))
    }

    @Test(arguments: ListFeed.allCases)
    func dryRunCountsTheListPerZoom(_ feed: ListFeed) throws {
        let run = try feed.render(list, source + ["--dry-run"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(Array(lines.dropLast()) == (0...4).map { "z=\($0) tiles=1" })
        #expect(lines.last?.range(of: #"^total 5 tiles, estimated [0-9.]+ (B|kB)$"#, options: .regularExpression) != nil, "\(lines)")
    }

    @Test(arguments: ListFeed.allCases)
    func aBadLineStopsTheJobAfterTheTilesBeforeItAndIsReportedWithItsNumber(_ feed: ListFeed) throws {
        let out = try Cairn.temporaryDirectory() + "/tiles"
        let run = try feed.render("0/0/0\n1/1/0\n\na/b/c\n2/2/1\n", source + ["--out", out])
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.errorLines.first?.range(of: #"^error: --tiles \S+:4: 'a/b/c' is not z/x/y$"#, options: .regularExpression) != nil,
                "\(run.stderr)")
        if feed == .dash { #expect(run.errorLines == ["error: --tiles stdin:4: 'a/b/c' is not z/x/y"]) }
        if feed == .redirectedFile {
            // A regular file is checked before any work starts.
            #expect(files(under: out).isEmpty)
            return
        }
        #expect(run.stderr.contains("rendered 2 tiles to \(out) in "))
        #expect(run.stderr.contains("; stopped at line 4 of the list"))
        #expect(files(under: out) == ["0/0/0.png", "1/1/0.png"])
        #expect(contents(out + "/1/1/0.png") == worldTile("1/1/0"))
    }

    @Test func aBadLineLeavesACommittedMBTilesFileThatResumeFinishes() throws {
        let directory = try Cairn.temporaryDirectory()
        let path = directory + "/out.mbtiles"
        let bad = try ListFeed.dash.render("0/0/0\n1/1/0\n1/0/1\n2,2\n2/2/1\n", source + ["--out", path])
        #expect(bad.status == 65)
        #expect(bad.errorLines == ["error: --tiles stdin:4: '2,2' is not z/x/y"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["out.mbtiles"])
        #expect(try sqlite(path, "SELECT group_concat(zoom_level || '/' || tile_column, ' ') FROM (SELECT * FROM tiles ORDER BY zoom_level, tile_column, tile_row)")
                == "0/0 1/0 1/1")
        #expect(try sqlite(path, "SELECT value FROM metadata WHERE name IN ('minzoom','maxzoom') ORDER BY name") == "1\n0")
        let fixed = try ListFeed.dash.render("0/0/0\n1/1/0\n1/0/1\n2/2/1\n", source + ["--out", path, "--resume"])
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(fixed.stderr.contains("rendered 1 tiles to \(path)") && fixed.stderr.contains("3 skipped"))
        #expect(try sqlite(path, "SELECT count(*) FROM tiles") == "4")
    }

    @Test func shardsOfAPipedListSplitItAndResumeSkipsWhatIsDone() throws {
        let out = try Cairn.temporaryDirectory() + "/tiles"
        let first = try ListFeed.dash.render(list, source + ["--out", out, "--shard", "0/2"])
        #expect(first.status == 0 && first.stderr.contains("rendered 3 tiles"), "\(first.stderr)")
        #expect(files(under: out) == ["0/0/0.png", "2/2/1.png", "4/8/5.png"])
        let second = try ListFeed.fifo.render(list, source + ["--out", out, "--shard", "1/2"])
        #expect(second.status == 0 && second.stderr.contains("rendered 2 tiles"), "\(second.stderr)")
        #expect(files(under: out) == listed.map { $0 + ".png" }.sorted())
        try FileManager.default.removeItem(atPath: out + "/4")
        let resumed = try ListFeed.processSubstitution.render(list, source + ["--out", out, "--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("rendered 1 tiles") && resumed.stderr.contains("0 no tile, 4 skipped, 0 failed"), "\(resumed.stderr)")
        #expect(files(under: out).count == 5)
    }

    @Test func aPipedListWithNoTileAtTheChosenZoomsWarnsAndSucceeds() throws {
        let out = try Cairn.temporaryDirectory() + "/tiles"
        let warning = "warning: --tiles stdin: no tiles at zooms 5-6: its 5 tiles are at zooms 0-4"
        let run = try ListFeed.dash.render(list, source + ["--out", out, "--zoom", "5-6"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains(warning), "\(run.stderr)")
        #expect(run.stderr.contains("rendered 0 tiles to \(out)"))
        #expect(files(under: out).isEmpty)
        let dry = try ListFeed.dash.render(list, source + ["--dry-run", "--zoom", "5-6"])
        #expect(dry.status == 0 && dry.stderr.contains(warning), "\(dry.stderr)")
        #expect(String(decoding: dry.stdout, as: UTF8.self) == "total 0 tiles, estimated 0 B\n")
        let comments = try ListFeed.dash.render("# nothing\n# to do\n", source + ["--out", out])
        #expect(comments.status == 0 && comments.stderr.contains("warning: --tiles stdin: no tiles: 2 lines, all blank or comments"))
        let empty = try ListFeed.dash.render("", source + ["--out", out])
        #expect(empty.status == 0 && !empty.stderr.contains("warning:"), "an empty list is nothing to do: \(empty.stderr)")
    }

    @Test func aListThatCannotBeOpenedIsAnIOError() throws {
        let run = try Cairn.run(["render"] + source + ["--tiles", "/nonexistent/tiles.txt", "--out", try Cairn.temporaryDirectory()])
        #expect(run.status == 74)
        #expect(run.errorLines == ["error: --tiles /nonexistent/tiles.txt: cannot open (no such file or directory)"])
    }
}
