@testable import Clusters
import Testing

/// Polygon features byte by byte: the commands, the winding the format asks for, degenerate rings.
@Suite struct VectorTilePolygonTests {
    private func geometry(_ rings: [[(x: Int32, y: Int32)]]) -> [UInt8] {
        var writer = ProtobufWriter()
        let feature = VectorTileFeature(geometry: .polygon(rings))
        feature.writeGeometry(into: &writer)
        #expect(feature.geometrySize == writer.bytes.count)
        return writer.bytes
    }

    @Test func aRingIsMoveToLineToAndClosePath() {
        // The specification's example 4.3.4.4: POLYGON ((3 6, 8 12, 20 34, 3 6)).
        #expect(geometry([[(x: 3, y: 6), (x: 8, y: 12), (x: 20, y: 34)]]) == [9, 6, 12, 18, 10, 12, 24, 44, 15])
        // The first vertex repeated at the end is the same ring.
        #expect(geometry([[(x: 3, y: 6), (x: 8, y: 12), (x: 20, y: 34), (x: 3, y: 6)]]) == [9, 6, 12, 18, 10, 12, 24, 44, 15])
    }

    @Test func theExteriorIsWoundClockwiseOnScreenAndHolesTheOtherWay() {
        let clockwise: [(x: Int32, y: Int32)] = [(0, 0), (10, 0), (10, 10), (0, 10)]
        let expected: [UInt8] = [9, 0, 0, 26, 20, 0, 0, 20, 19, 0, 15]
        #expect(geometry([clockwise]) == expected)
        #expect(geometry([clockwise.reversed()]) == expected)
        // A hole given clockwise is written reversed, anticlockwise; the cursor carries on from the
        // exterior's last vertex (0, 10): MoveTo (4, 4), LineTo (4, 2) and (2, 2).
        let hole: [(x: Int32, y: Int32)] = [(2, 2), (4, 2), (4, 4)]
        #expect(geometry([clockwise, hole]) == expected + [9, 8, 11, 18, 0, 3, 3, 0, 15])
    }

    @Test func repeatedVerticesAndRingsWithoutAreaAreDropped() {
        #expect(geometry([[(x: 3, y: 6), (x: 3, y: 6), (x: 8, y: 12), (x: 20, y: 34), (x: 20, y: 34)]]) == [9, 6, 12, 18, 10, 12, 24, 44, 15])
        let square: [(x: Int32, y: Int32)] = [(0, 0), (10, 0), (10, 10), (0, 10)]
        #expect(geometry([square, [(1, 1), (2, 2), (3, 3)]]) == geometry([square]))
        // An exterior without area: the feature draws nothing and is left out of its layer.
        let flat = VectorTileFeature(id: 1, geometry: .polygon([[(0, 0), (5, 5), (10, 10)], square]))
        #expect(flat.drawsNothing)
        let layer = VectorTileLayer(name: "grid", extent: 4096, features: [flat])
        #expect(VectorTile.encode([layer]) == VectorTile.encode([VectorTileLayer(name: "grid", extent: 4096)]))
    }

    @Test func aPolygonFeatureDeclaresItsType() {
        let layer = VectorTileLayer(name: "grid", extent: 4096, features: [
            VectorTileFeature(id: 5, geometry: .polygon([[(x: 3, y: 6), (x: 8, y: 12), (x: 20, y: 34)]])),
        ])
        let bytes = VectorTile.encode([layer])
        // Feature: id 5, type 3 (POLYGON), geometry of 9 bytes.
        let feature: [UInt8] = [0x08, 5, 0x18, 3, 0x22, 9, 9, 6, 12, 18, 10, 12, 24, 44, 15]
        #expect(bytes.count > feature.count)
        #expect(bytes.indices.contains { bytes[$0...].starts(with: [0x12, UInt8(feature.count)] + feature) })
    }
}
