@testable import Clusters
import Testing

/// The protobuf primitives and a whole tile, byte by byte.
@Suite struct VectorTileWireTests {
    private func varint(_ value: UInt64) -> [UInt8] {
        var writer = ProtobufWriter()
        writer.varint(value)
        return writer.bytes
    }

    @Test func varintsTakeSevenBitsAByteLeastSignificantFirst() {
        #expect(varint(0) == [0x00])
        #expect(varint(1) == [0x01])
        #expect(varint(127) == [0x7F])
        #expect(varint(128) == [0x80, 0x01])
        #expect(varint(300) == [0xAC, 0x02])
        #expect(varint(4096) == [0x80, 0x20])
        #expect(varint(UInt64(UInt32.max)) == [0xFF, 0xFF, 0xFF, 0xFF, 0x0F])
        #expect(varint(.max) == [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01])
    }

    @Test func varintSizeIsTheNumberOfBytesWritten() {
        var values: [UInt64] = [0, .max]
        for shift in 0..<64 { values += [1 << shift, (1 << shift) - 1, (1 << shift) + 1] }
        for value in values {
            #expect(ProtobufWriter.varintSize(value) == varint(value).count, "\(value)")
        }
    }

    @Test func zigzagInterleavesNegativeAndPositive() {
        #expect([0, -1, 1, -2, 2, 25, 17].map { ProtobufWriter.zigzag(Int32($0)) } == [0, 1, 2, 3, 4, 50, 34])
        #expect(ProtobufWriter.zigzag(Int32.max) == 0xFFFF_FFFE)
        #expect(ProtobufWriter.zigzag(Int32.min) == 0xFFFF_FFFF)
        #expect([0, -1, 1, -2].map { ProtobufWriter.zigzag(Int64($0)) } == [0, 1, 2, 3])
        #expect(ProtobufWriter.zigzag(Int64.max) == UInt64.max - 1)
        #expect(ProtobufWriter.zigzag(Int64.min) == UInt64.max)
    }

    @Test func doublesAreEightLittleEndianBytes() {
        var writer = ProtobufWriter()
        writer.field(3, double: 0.5)
        #expect(writer.bytes == [0x19, 0, 0, 0, 0, 0, 0, 0xE0, 0x3F])
    }

    @Test func aOneFeatureTileHasTheBytesComputedByHand() {
        // The specification's point example: (25, 17) is MoveTo(1) = 9, then zigzag 50, 34.
        let layer = VectorTileLayer(name: "p", features: [
            VectorTileFeature(id: 1, x: 25, y: 17, properties: [(key: "a", value: .string("b"))]),
        ])
        let feature: [UInt8] = [
            0x08, 0x01,              // id = 1
            0x12, 0x02, 0x00, 0x00,  // tags = [key 0, value 0]
            0x18, 0x01,              // type = POINT
            0x22, 0x03, 0x09, 0x32, 0x22,  // geometry = [MoveTo ×1, 50, 34]
        ]
        let body: [UInt8] = [0x78, 0x02]  // version = 2
            + [0x0A, 0x01, UInt8(ascii: "p")]  // name
            + [0x28, 0x80, 0x20]  // extent = 4096
            + [0x12, UInt8(feature.count)] + feature
            + [0x1A, 0x01, UInt8(ascii: "a")]  // keys = ["a"]
            + [0x22, 0x03, 0x0A, 0x01, UInt8(ascii: "b")]  // values = [string_value "b"]
        #expect(VectorTile.encode([layer]) == [0x1A, UInt8(body.count)] + body)
        #expect(body.count == 31)
    }

    @Test func aMultiPointMovesTheCursorFromPointToPoint() {
        let feature = VectorTileFeature(points: [(x: 5, y: 7), (x: 3, y: 2), (x: -1, y: 4100)])
        var writer = ProtobufWriter()
        feature.writeGeometry(into: &writer)
        // MoveTo ×3 = 25; steps (5, 7), (-2, -5), (-4, 4098) zigzagged.
        #expect(writer.bytes == [25, 10, 14, 3, 9, 7, 0x84, 0x40])
        #expect(feature.geometrySize == writer.bytes.count)
    }

    @Test func integersAreUintOrSintAndOtherNumbersDouble() {
        #expect(VectorTileValue(.number(0)) == .uint(0))
        #expect(VectorTileValue(.number(-0.0)) == .uint(0))
        #expect(VectorTileValue(.number(42)) == .uint(42))
        #expect(VectorTileValue(.number(1e19)) == .uint(10_000_000_000_000_000_000))
        #expect(VectorTileValue(.number(-7)) == .sint(-7))
        #expect(VectorTileValue(.number(-9_223_372_036_854_775_808)) == .sint(.min))
        #expect(VectorTileValue(.number(1e20)) == .double(1e20))
        #expect(VectorTileValue(.number(-1e19)) == .double(-1e19))
        #expect(VectorTileValue(.number(0.25)) == .double(0.25))
        #expect(VectorTileValue(.number(.nan)) == nil)
        #expect(VectorTileValue(.number(.infinity)) == nil)
        #expect(VectorTileValue(.null) == nil)
        #expect(VectorTileValue(.array([.number(1), .string("x")])) == .string(#"[1,"x"]"#))
    }

    @Test func noLayersIsAnEmptyTile() {
        #expect(VectorTile.encode([]) == [])
    }

    @Test func theSameLayersGiveTheSameBytes() {
        func feature(_ index: Int) -> VectorTileFeature {
            let properties: [(key: String, value: JSONValue)] = [
                (key: "cluster", value: .bool(index % 3 == 0)),
                (key: "point_count", value: .number(Double(index * 7))),
                (key: "name", value: .string("p\(index % 5)")),
            ]
            return VectorTileFeature(id: UInt64(index), x: Int32(index * 80), y: Int32(4000 - index * 80), properties: properties)
        }
        func layers() -> [VectorTileLayer] {
            [VectorTileLayer(name: "clusters", features: (0..<50).map(feature))]
        }
        let first = VectorTile.encode(layers())
        #expect(first.count > 50 * 10)
        #expect(VectorTile.encode(layers()) == first)
    }
}
