import Canvas
import Codecs
import Foundation
import RemoteTiles
import Synchronization
import Testing
import Tiles

/// The batch job over the real corpus tiles, into real directories and MBTiles files.
@Suite struct BatchRenderTests {
    private let world = worldTiles

    private func job(_ sink: any TileSink, chain: String = "mosaic|grid", resume: Bool = false) throws -> (BatchRender, WorkerPool) {
        let pool = WorkerPool(threads: 2)
        let source = try SourceLocation.open("file://\(world)/{z}/{x}/{y}.png")
        let processor = TileProcessor(chain: try RendererChain(spec: chain), encoder: .png(PNGEncoder()))
        return (BatchRender(source: source, processor: processor, sink: sink, workers: pool, resume: resume), pool)
    }

    @Test func rendersEveryTileTheSourceHasAndCountsTheRest() async throws {
        let root = try temporaryDirectory()
        let (batch, pool) = try job(try DirectorySink(root: root, fileExtension: "png"))
        defer { pool.shutdown() }
        // z0-5 of the world: 1365 tiles; the corpus has 285 of them (z0-4 partly).
        var heard = 0
        let report = try await batch.run(TileList(region: .world, zooms: 0...5), progress: { _, _ in heard += 1 })
        #expect(report.rendered == 285)
        #expect(report.noTile == 1365 - 285)
        #expect(report.failed == 0 && heard == 1365)
        let files = FileManager.default.enumerator(atPath: root)!.allObjects.compactMap { $0 as? String }.filter { $0.hasSuffix(".png") }
        #expect(files.count == 285)
        #expect(!files.contains { $0.contains(".tmp") })
        // The grid's border is drawn on every tile, and the mosaic changed the middle.
        let original = try ImageDecoder.decode(tileBytes("3/4/2"))
        let rendered = try ImageDecoder.decode(Array(FileManager.default.contents(atPath: root + "/3/4/2.png")!))
        #expect(rendered.pixel(x: 0, y: 128) != original.pixel(x: 0, y: 128))
        #expect(rendered.pixel(x: 100, y: 150) != original.pixel(x: 100, y: 150))
    }

    @Test func resumeSkipsWhatTheOutputHasAndRendersTheRest() async throws {
        let path = try temporaryDirectory() + "/t.mbtiles"
        do {
            let (first, pool) = try job(try MBTilesSink(path: path), chain: "")
            defer { pool.shutdown() }
            let report = try await first.run(TileList(region: .world, zooms: 0...2))
            #expect(report.rendered == 21)
            try first.sink.finish(describing: TilesetDescription(name: "t", format: "png"))
        }
        let sink = try MBTilesSink(path: path)
        let (second, pool) = try job(sink, chain: "", resume: true)
        defer { pool.shutdown() }
        let report = try await second.run(TileList(region: .world, zooms: 0...3))
        #expect(report.skipped == 21)
        #expect(report.rendered == 56 && report.noTile == 8)  // the corpus has 56 of the 64 z3 tiles
        try sink.finish(describing: TilesetDescription(name: "t", format: "png"))
        // Pass-through: the stored bytes are the source's, untouched.
        #expect(try MBTilesReader(path: path).tile(try TileID(z: 3, x: 4, y: 2)) == tileBytes("3/4/2"))
    }

    @Test func undecodableTilesFailWithTheirReasonAndTheJobGoesOn() async throws {
        let source = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: source + "/1/0", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: source + "/1/1", withIntermediateDirectories: true)
        try Data(tileBytes("1/0/0")).write(to: URL(fileURLWithPath: source + "/1/0/0.png"))
        try Data("<html>rate limited</html>".utf8).write(to: URL(fileURLWithPath: source + "/1/1/0.png"))
        try Data(tileBytes("1/0/1").prefix(300)).write(to: URL(fileURLWithPath: source + "/1/1/1.png"))
        let out = try temporaryDirectory()
        let pool = WorkerPool(threads: 2)
        defer { pool.shutdown() }
        let batch = BatchRender(source: try DirectorySource(root: source),
                                processor: TileProcessor(chain: try RendererChain(spec: "grid"), encoder: .png(PNGEncoder())),
                                sink: try DirectorySink(root: out, fileExtension: "png"), workers: pool)
        let report = try await batch.run(TileList(region: .world, zooms: 1...1))
        #expect(report.rendered == 1 && report.noTile == 1 && report.failed == 2)
        #expect(Set(report.failures.map(\.tile)) == [try TileID(z: 1, x: 1, y: 0), try TileID(z: 1, x: 1, y: 1)])
        #expect(FileManager.default.fileExists(atPath: out + "/1/0/0.png"))
        #expect(!FileManager.default.fileExists(atPath: out + "/1/1"))
    }

    @Test func aStopFinishesTheTilesInFlightAndStartsNoMore() async throws {
        let root = try temporaryDirectory()
        let (batch, pool) = try job(try DirectorySink(root: root, fileExtension: "png"))
        defer { pool.shutdown() }
        let seen = Seen()
        let report = try await batch.run(TileList(region: .world, zooms: 0...4), shouldStop: { seen.count.withLock { $0 } >= 30 },
                                         progress: { _, _ in seen.count.withLock { $0 += 1 } })
        #expect(report.interrupted)
        #expect(report.done >= 30 && report.done <= 30 + batch.inFlight)
        let files = FileManager.default.enumerator(atPath: root)!.allObjects.compactMap { $0 as? String }.filter { $0.hasSuffix(".png") }
        #expect(files.count == report.rendered)
    }

    @Test func aSinkThatCannotWriteStopsTheJob() async throws {
        let root = try temporaryDirectory()
        let sink = try DirectorySink(root: root, fileExtension: "png")
        try Data().write(to: URL(fileURLWithPath: root + "/2"))  // a file where the z=2 directory must go
        let (batch, pool) = try job(sink, chain: "")
        defer { pool.shutdown() }
        await #expect(throws: StorageError.self) { try await batch.run(TileList(region: .world, zooms: 0...4)) }
    }
}

/// Tiles heard of so far, shared with the job's stop check.
private final class Seen: Sendable {
    let count = Mutex(0)
}
