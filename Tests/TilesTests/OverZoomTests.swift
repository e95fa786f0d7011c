import Canvas
import Codecs
import Synchronization
import Testing
import Tiles

/// A source holding one tile per zoom up to 2: four flat quadrants (red, green, blue, yellow).
private final class QuadrantSource: TileSource {
    let fetches = Mutex(0)
    static let colours: [RGBA8] = [RGBA8(r: 255, g: 0, b: 0, a: 255), RGBA8(r: 0, g: 255, b: 0, a: 255),
                                   RGBA8(r: 0, g: 0, b: 255, a: 255), RGBA8(r: 255, g: 255, b: 0, a: 255)]

    func tile(_ id: TileID, scale: Int) async throws -> TileImage? {
        fetches.withLock { $0 += 1 }
        guard id.z <= 2 else { return nil }
        let surface = try Surface(width: 256, height: 256)
        let context = Context(surface)
        for (index, colour) in Self.colours.enumerated() {
            context.setColor(Color(red: Double(colour.r) / 255, green: Double(colour.g) / 255, blue: Double(colour.b) / 255))
            context.rectangle(Rect(x: Double(index % 2) * 128, y: Double(index / 2) * 128, width: 128, height: 128))
            context.fill()
        }
        return .encoded(try PNGEncoder().encode(surface))
    }
}

@Suite struct OverZoomTests {
    @Test func aChildIsItsQuarterOfTheAncestorScaledUp() async throws {
        let base = QuadrantSource()
        let source = OverZoomSource(base: base, maxzoom: 2)
        // z3 children of 2/1/1: (2,2) top-left → red, (3,2) → green, (2,3) → blue, (3,3) → yellow.
        for (index, child) in [(2, 2), (3, 2), (2, 3), (3, 3)].enumerated() {
            let image = try await source.tile(try TileID(z: 3, x: child.0, y: child.1), scale: 1)
            let surface = try #require(image).surface()
            #expect(surface.width == 256)
            for point in [(1, 1), (128, 128), (254, 254)] {
                #expect(surface.pixel(x: point.0, y: point.1) == QuadrantSource.colours[index])
            }
            #expect(image?.format == .png)
        }
        #expect(base.fetches.withLock { $0 } == 1)
    }

    @Test func twoLevelsDeepIsASixteenthOfTheAncestor() async throws {
        let source = OverZoomSource(base: QuadrantSource(), maxzoom: 2)
        // Under ancestor 2/1/1, z4 tile (5, 4) covers its pixels x 64…128, y 0…64 (red);
        // (6, 4) covers x 128…192 (green).
        let left = try await source.tile(try TileID(z: 4, x: 5, y: 4), scale: 1)!.surface()
        let right = try await source.tile(try TileID(z: 4, x: 6, y: 4), scale: 1)!.surface()
        #expect(left.pixel(x: 10, y: 10) == QuadrantSource.colours[0])
        #expect(right.pixel(x: 245, y: 10) == QuadrantSource.colours[1])
    }

    @Test func tilesWithinTheSourceZoomsAndBeyondTheDepth() async throws {
        let source = OverZoomSource(base: QuadrantSource(), maxzoom: 2, maximumDepth: 3)
        #expect(try await source.tile(try TileID(z: 2, x: 1, y: 1), scale: 1)?.bytes != nil)
        #expect(try await source.tile(try TileID(z: 5, x: 9, y: 9), scale: 1) != nil)
        #expect(try await source.tile(try TileID(z: 6, x: 9, y: 9), scale: 1) == nil)
    }

    @Test func chainsRunOnOverZoomedPixelsAndPassThroughEncodesThem() async throws {
        let source = OverZoomSource(base: QuadrantSource(), maxzoom: 2)
        let tile = try TileID(z: 3, x: 3, y: 3)
        let image = try #require(try await source.tile(tile, scale: 1))
        let plain = try TileProcessor(chain: RendererChain(spec: "")).process(image, tile: tile)
        #expect(plain.format == .png)
        #expect(try ImageDecoder.decode(plain.bytes).pixel(x: 100, y: 100) == QuadrantSource.colours[3])
        let grey = try TileProcessor(chain: RendererChain(spec: "grayscale")).process(image, tile: tile)
        let pixel = try ImageDecoder.decode(grey.bytes).pixel(x: 100, y: 100)
        #expect(pixel.r == pixel.g && pixel.g == pixel.b)
    }
}
