import Foundation
import Testing
@testable import Tiles

/// Tile lists read from streams (a pipe, as `<(…)` and `cmd | cairn render --tiles -` give): one
/// pass, counted as they are read, bad lines found on the way.
@Suite struct TileListStreamTests {
    /// A pipe that a background thread fills with `text` and then closes, opened by its `/dev/fd/N`
    /// path as bash's process substitution hands it over. Keep the pipe until the list is opened.
    private func stream(_ text: String) -> (path: String, pipe: Pipe) {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        Thread {
            writer.write(Data(text.utf8))
            try? writer.close()
        }.start()
        return ("/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)", pipe)
    }

    private func file(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "cairn-tiles-\(UUID().uuidString).txt"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private let mixed = "# failed tiles\n3/4/2\n4 1 2\n5,3,7.png\n\n2/1/1.webp  # HTTP 500\r\n12/0/0\n0/0/0\n"

    @Test func aPipeIsAStreamReadOnceAndCountedAsItIsRead() throws {
        let (path, pipe) = stream(mixed)
        let file = try TileListFile(path: path)
        #expect(file.isStream)
        #expect(file.countsPerZoom.isEmpty && !file.tally.complete)
        let list = TileList(file: file)
        #expect(Array(list).map(\.description) == ["3/4/2", "4/1/2", "5/3/7", "2/1/1", "12/0/0", "0/0/0"])
        #expect(file.tally.complete && file.problem == nil)
        #expect(file.tally.lines == 8 && file.tally.tiles == 6)
        #expect(list.countsPerZoom().map(\.zoom) == [0, 2, 3, 4, 5, 12] && list.count == 6)
        #expect(Array(list).isEmpty, "a stream is read once")
        _ = pipe
    }

    @Test func aStreamIsFilteredAndShardedAsTheSameRegularFileIs() throws {
        let regular = try file(mixed)
        for (zooms, shard) in [(nil, "0/1"), (3...5, "0/1"), (nil, "1/2"), (2...12, "0/3"), (2...12, "2/3")] as [(ClosedRange<Int>?, String)] {
            let (path, pipe) = stream(mixed)
            let streamed = TileList(file: try TileListFile(path: path, zooms: zooms, shard: try Shard(parsing: shard)))
            let read = TileList(file: try TileListFile(path: regular, zooms: zooms, shard: try Shard(parsing: shard)))
            let expected = Array(read)
            #expect(!expected.isEmpty)
            #expect(Array(streamed) == expected, "zooms \(String(describing: zooms)), shard \(shard)")
            #expect(streamed.countsPerZoom().map(\.count) == read.countsPerZoom().map(\.count))
            #expect(streamed.count == expected.count)
            _ = pipe
        }
    }

    @Test func aBadLineEndsAStreamAfterTheTilesBeforeItAndKeepsItsNumber() throws {
        let (path, pipe) = stream("0/0/0\n1/1/0\na/b/c\n2/2/1\n")
        let file = try TileListFile(path: path)
        #expect(Array(TileList(file: file)).map(\.description) == ["0/0/0", "1/1/0"])
        let problem = try #require(file.problem)
        #expect(problem.line == 3)
        #expect(problem.description == "\(path):3: 'a/b/c' is not z/x/y")
        #expect(!file.tally.complete)
        _ = pipe
    }

    @Test func readToEndCountsAStreamWithoutYieldingItAndThrowsABadLine() throws {
        let (path, pipe) = stream("0/0/0\n1/1/0\n1/0/1\n2/2/1\n")
        let file = try TileListFile(path: path, zooms: 1...2)
        try file.readToEnd()
        #expect(file.countsPerZoom.map(\.count) == [2, 1])
        #expect(TileList(file: file).samples(8).map(\.description) == ["1/1/0", "1/0/1", "2/2/1"])
        let (badPath, badPipe) = stream("0/0/0\n\n31/0/0\n")
        #expect { try TileListFile(path: badPath).readToEnd() } throws: { error in
            (error as? TileListFile.Invalid)?.line == 3 && "\(error)".hasPrefix(badPath + ":3:")
        }
        _ = (pipe, badPipe)
    }

    @Test func aRegularFileIsCheckedWhenOpenedAndCanBeIteratedAgain() throws {
        let path = try file(mixed)
        let file = try TileListFile(path: path, zooms: 2...5)
        #expect(!file.isStream && file.tally.complete)
        let list = TileList(file: file)
        #expect(list.count == 4)
        let first = Array(list)
        #expect(first.count == 4 && Array(list) == first)
        #expect(Set(list.samples(8)) == Set(first))
        let missing = "/nonexistent/tiles.txt"
        #expect { try TileListFile(path: missing) } throws: { error in
            (error as? TileListFile.Invalid)?.line == nil && "\(error)" == "\(missing): cannot open (no such file or directory)"
        }
    }

    @Test func aListWithLinesButNoTileSaysWhy() throws {
        let cases: [(String, ClosedRange<Int>?, String, String?)] = [
            ("# only\n\n# comments\n", nil, "0/1", "no tiles: 3 lines, all blank or comments"),
            ("0/0/0\n1/1/0\n2/2/1\n", 5...6, "0/1", "no tiles at zooms 5-6: its 3 tiles are at zooms 0-2"),
            ("3/4/2\n", 5...5, "0/1", "no tiles at zoom 5: its 1 tile is at zoom 3"),
            ("0/0/0\n", nil, "1/2", "no tiles in shard 1/2: only 1 tile listed"),
            ("0/0/0\n1/1/0\n4/8/5\n", 0...1, "2/3", "no tiles in shard 2/3: only 2 tiles at zooms 0-1"),
            ("", nil, "0/1", nil),
            ("0/0/0\n", nil, "0/1", nil),
        ]
        for (text, zooms, shard, reason) in cases {
            let (path, pipe) = stream(text)
            let file = try TileListFile(path: path, zooms: zooms, shard: try Shard(parsing: shard))
            #expect(file.noTilesReason == nil, "not read yet")
            _ = Array(TileList(file: file))
            #expect(file.noTilesReason == reason, "\(text.debugDescription)")
            #expect(try TileListFile(path: try self.file(text), zooms: zooms, shard: try Shard(parsing: shard)).noTilesReason == reason)
            _ = pipe
        }
    }

    @Test func aMillionLinesStreamThroughInOnePass() throws {
        // Written by a thread while being read: the list never exists whole, in a file or in memory.
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        let lines = 1_000_000
        Thread {
            var chunk = ""
            for index in 0..<lines {
                chunk += "\(10 + index % 3)/\(index % 1024)/\(index / 1024)\n"
                if chunk.utf8.count > 60_000 { writer.write(Data(chunk.utf8)); chunk = "" }
            }
            writer.write(Data(chunk.utf8))
            try? writer.close()
        }.start()
        let file = try TileListFile(path: "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)", shard: try Shard(parsing: "1/4"))
        var seen = 0
        for tile in TileList(file: file) {
            #expect(tile.z >= 10 && tile.z <= 12)
            seen += 1
        }
        #expect(seen == lines / 4)
        #expect(file.tally.lines == lines && file.tally.complete)
        #expect(file.countsPerZoom.map(\.count).reduce(0, +) == lines / 4)
    }
}

@Suite struct EvenSampleTests {
    @Test func keepsEvenlySpacedElementsOfASequenceOfUnknownLength() {
        for length in [1, 5, 63, 64, 65, 1000, 100_003] {
            var sample = EvenSample<Int>(capacity: 64)
            for index in 0..<length { sample.add(index) }
            let kept = sample.kept
            #expect(kept.count <= 64 && kept.count >= min(length, 32), "\(length)")
            #expect(kept.first == 0)
            let gaps = Set(zip(kept.dropFirst(), kept).map { $0 - $1 })
            #expect(gaps.count <= 1, "\(length): gaps \(gaps)")
            let picked = sample.pick(8)
            #expect(picked.count == min(8, length))
            #expect(picked == picked.sorted() && Set(picked).count == picked.count)
            if length >= 1000 { #expect(picked.first! < length / 8 && picked.last! > length * 7 / 8, "\(length): \(picked)") }
        }
    }
}
