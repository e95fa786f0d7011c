import Canvas
import Clusters
import Codecs
import Testing
@testable import ClusterOverlays

/// Overlay tiles are written as the server sends them: PNG rows unfiltered, which on mostly
/// transparent tiles of flat discs gives smaller files than the map tiles' `.sub` filter, with the
/// same pixels; other formats keep their usual encoder.
@Suite struct OverlayEncoderTests {
    @Test(arguments: [1.0, 2.0])
    func aBusyTileDecodesToItsPixelsAndIsSmallerThanAMapTilesEncoding(scale: Double) throws {
        let index = try ClusterIndex(points: StitchTests.points())
        let overlay = try ClusterOverlay(style: .google)
        let side = Int(256 * scale)
        let tile = try Surface(width: side, height: side)
        try overlay.draw(index, zoom: 3, originX: 3 * 256, originY: 3 * 256, on: tile, scale: scale)
        let bytes = try ImageEncoder.overlay(for: .png).encode(tile)
        let mapTileBytes = try PNGEncoder(filter: .sub).encode(tile)
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let decoded = try ImageDecoder.decode(bytes)
        var drawn = 0
        for y in 0..<side {
            for x in 0..<side {
                try #require(decoded.pixel(x: x, y: y) == tile.pixel(x: x, y: y), "pixel \(x),\(y) at @\(Int(scale))x")
                if tile.pixel(x: x, y: y).a > 0 { drawn += 1 }
            }
        }
        #expect(drawn > side * side / 20, "too few badges drawn for the sizes to mean anything")
        #expect(bytes.count < mapTileBytes.count * 9 / 10, "\(bytes.count) B unfiltered against \(mapTileBytes.count) B with .sub")
    }

    @Test func webpTilesKeepTheUsualEncoder() throws {
        let tile = try Surface(width: 256, height: 256)
        let bytes = try ImageEncoder.overlay(for: .webp).encode(tile)
        #expect(Array(bytes.prefix(4)) == Array("RIFF".utf8))
        #expect(ImageEncoder.overlay(for: .webp).format == .webp)
    }
}
