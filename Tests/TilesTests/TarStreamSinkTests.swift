import Foundation
import Testing
import TestTier
import Tiles

@Suite(.process) struct TarStreamSinkTests {
    @Test func tarReadsTheStreamBackByteForByte() throws {
        let directory = NSTemporaryDirectory() + "cairn-tar-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/x", withIntermediateDirectories: true)
        let archive = directory + "/tiles.tar"
        let fd = open(archive, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let sink = TarStreamSink(descriptor: fd, fileExtension: "png", modified: 1_700_000_000)
        let tiles = [(try TileID(z: 0, x: 0, y: 0), tileBytes("0/0/0")), (try TileID(z: 3, x: 4, y: 2), tileBytes("3/4/2")),
                     (try TileID(z: 1, x: 1, y: 0), [UInt8](repeating: 9, count: 512))]
        for (tile, bytes) in tiles { try sink.write(tile, data: bytes) }
        try sink.finish(describing: TilesetDescription(name: "t", format: "png"))
        close(fd)
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        tar.arguments = ["tar", "-xf", archive, "-C", directory + "/x"]
        try tar.run()
        tar.waitUntilExit()
        #expect(tar.terminationStatus == 0)
        for (tile, bytes) in tiles {
            #expect(FileManager.default.contents(atPath: directory + "/x/\(tile).png") == Data(bytes))
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: directory + "/x/3/4/2.png")
        #expect((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 == 1_700_000_000)
    }
}
