import Clusters
import Testing
import TestTier

/// Tiles encoded by Cairn, decoded by an independent decoder (mapbox-vector-tile, in Python).
@Suite(.process) struct VectorTileDecodeTests {
    @Test func aLayerDecodesWithItsNameVersionExtentIdsAndPoints() throws {
        let layer = VectorTileLayer(name: "clusters", extent: 512, features: [
            VectorTileFeature(id: 7, x: 100, y: 200),
            VectorTileFeature(id: 0, x: 100, y: 200),  // the cursor starts afresh for each feature
            VectorTileFeature(x: -64, y: 576),  // in the buffer, outside 0...512
            VectorTileFeature(id: .max, points: [(x: 0, y: 0), (x: 512, y: 512), (x: -1, y: 3)]),
            VectorTileFeature(id: 9, points: []),  // nothing to draw: left out
        ])
        let tile = try ReferenceDecoder.decode(VectorTile.encode([layer]))

        #expect(tile.layers.map(\.name) == ["clusters"])
        let decoded = try #require(tile.layers.first)
        #expect(decoded.version == 2)
        #expect(decoded.extent == 512)
        #expect(decoded.features.map(\.id) == ["7", "0", nil, "18446744073709551615"])
        #expect(decoded.features.map(\.type) == [1, 1, 1, 1])
        #expect(decoded.features.map(\.geometryType) == ["Point", "Point", "Point", "MultiPoint"])
        #expect(decoded.features.map(\.points) == [
            [.init(x: 100, y: 200)],
            [.init(x: 100, y: 200)],
            [.init(x: -64, y: 576)],
            [.init(x: 0, y: 0), .init(x: 512, y: 512), .init(x: -1, y: 3)],
        ])
        // One MoveTo command (id 1) whose count is the number of points.
        #expect(decoded.features.map { $0.geometry.first } == [9, 9, 9, 25])
        #expect(decoded.features.allSatisfy { $0.properties.isEmpty })
        #expect(decoded.keys.isEmpty && decoded.values.isEmpty)
    }

    @Test func propertiesKeepTheirTypesAndOrder() throws {
        let feature = VectorTileFeature(id: 1, x: 2048, y: 2048, properties: [
            (key: "name", value: .string("Zürich Hauptbahnhof 🚉")),
            (key: "名前", value: .string("東京")),
            (key: "quoted", value: .string("a \"b\"\nc\\d")),
            (key: "empty", value: .string("")),
            (key: "point_count", value: .number(42)),
            (key: "zero", value: .number(0)),
            (key: "big", value: .number(9_007_199_254_740_992)),
            (key: "negative", value: .number(-17)),
            (key: "very_negative", value: .number(-4_294_967_296)),
            (key: "ratio", value: .number(0.1)),
            (key: "tiny", value: .number(-2.5e-7)),
            (key: "pi", value: .number(3.141592653589793)),
            (key: "cluster", value: .bool(true)),
            (key: "hidden", value: .bool(false)),
            (key: "nothing", value: .null),
            (key: "tags", value: .array([.string("a"), .number(1), .null])),
            (key: "meta", value: .object(JSONObject([(key: "k", value: .number(1.5)), (key: "é", value: .bool(true))]))),
        ])
        let tile = try ReferenceDecoder.decode(VectorTile.encode([VectorTileLayer(name: "points", features: [feature])]))

        let decoded = try #require(tile.layers.first?.features.first)
        #expect(decoded.properties == [
            DecodedProperty("name", .string("Zürich Hauptbahnhof 🚉")),
            DecodedProperty("名前", .string("東京")),
            DecodedProperty("quoted", .string("a \"b\"\nc\\d")),
            DecodedProperty("empty", .string("")),
            DecodedProperty("point_count", .int("42")),
            DecodedProperty("zero", .int("0")),
            DecodedProperty("big", .int("9007199254740992")),
            DecodedProperty("negative", .int("-17")),
            DecodedProperty("very_negative", .int("-4294967296")),
            DecodedProperty("ratio", .float(0.1)),
            DecodedProperty("tiny", .float(-2.5e-7)),
            DecodedProperty("pi", .float(3.141592653589793)),
            DecodedProperty("cluster", .bool(true)),
            DecodedProperty("hidden", .bool(false)),
            DecodedProperty("tags", .string(#"["a",1,null]"#)),
            DecodedProperty("meta", .string(#"{"k":1.5,"é":true}"#)),
        ])
        // Each value uses the field tippecanoe and mapnik use for its type.
        let fields = try #require(tile.layers.first?.values.map(\.fields))
        #expect(fields == [
            ["string_value"], ["string_value"], ["string_value"], ["string_value"],
            ["uint_value"], ["uint_value"], ["uint_value"], ["sint_value"], ["sint_value"],
            ["double_value"], ["double_value"], ["double_value"],
            ["bool_value"], ["bool_value"], ["string_value"], ["string_value"],
        ])
    }

    @Test func aKeyGivenTwiceKeepsItsLastValue() throws {
        let feature = VectorTileFeature(x: 1, y: 1, properties: [
            (key: "a", value: .number(1)),
            (key: "b", value: .string("kept")),
            (key: "a", value: .number(2)),
            (key: "c", value: .string("dropped")),
            (key: "c", value: .null),
        ])
        let tile = try ReferenceDecoder.decode(VectorTile.encode([VectorTileLayer(name: "points", features: [feature])]))

        let layer = try #require(tile.layers.first)
        #expect(layer.features.first?.properties == [DecodedProperty("b", .string("kept")), DecodedProperty("a", .int("2"))])
        #expect(layer.keys == ["b", "a"])
    }

    @Test func eachLayerStoresEachKeyAndValueOnce() throws {
        let kinds = ["cafe", "bakery", "bar"]
        // Equal only by type and value: the string "1", the integer 1 and true are three values.
        let labels: [JSONValue] = [.string("1"), .number(1), .bool(true)]
        let decodedLabels: [DecodedProperty.Value] = [.string("1"), .int("1"), .bool(true)]
        func feature(_ index: Int) -> VectorTileFeature {
            let properties: [(key: String, value: JSONValue)] = [
                (key: "kind", value: .string(kinds[index % 3])),
                (key: "open", value: .bool(index % 2 == 0)),
                (key: "rank", value: .number(Double(index % 4))),
                (key: "label", value: labels[index % 3]),
            ]
            return VectorTileFeature(id: UInt64(index), x: Int32(index * 40), y: Int32(index * 13 % 4096), properties: properties)
        }
        let features = (0..<100).map(feature)
        let other = VectorTileLayer(name: "labels", extent: 256, features: [
            VectorTileFeature(x: 3, y: 4, properties: [(key: "rank", value: .number(3)), (key: "text", value: .string("cafe"))]),
        ])
        let tile = try ReferenceDecoder.decode(VectorTile.encode([VectorTileLayer(name: "pois", features: features), other]))

        #expect(tile.layers.map(\.name) == ["pois", "labels"])
        let pois = tile.layers[0]
        #expect(pois.keys == ["kind", "open", "rank", "label"])
        // Three kinds, true and false, ranks 0...3, and the string "1": the labels' integer 1 is
        // rank 1's entry and their true is open's.
        #expect(pois.values.map(\.fields) == [
            ["string_value"], ["bool_value"], ["uint_value"], ["string_value"],
            ["string_value"], ["bool_value"], ["uint_value"],
            ["string_value"], ["uint_value"], ["uint_value"],
        ])
        #expect(pois.features.count == 100)
        for (index, feature) in pois.features.enumerated() {
            #expect(feature.id == String(index))
            #expect(feature.points == [.init(x: Int64(index * 40), y: Int64(index * 13 % 4096))])
            #expect(feature.properties == [
                DecodedProperty("kind", .string(kinds[index % 3])),
                DecodedProperty("open", .bool(index % 2 == 0)),
                DecodedProperty("rank", .int(String(index % 4))),
                DecodedProperty("label", decodedLabels[index % 3]),
            ])
        }
        // The second layer has its own tables.
        #expect(tile.layers[1].extent == 256)
        #expect(tile.layers[1].keys == ["rank", "text"])
        #expect(tile.layers[1].values.map(\.fields) == [["uint_value"], ["string_value"]])
        #expect(tile.layers[1].features.first?.properties == [DecodedProperty("rank", .int("3")), DecodedProperty("text", .string("cafe"))])
    }

    @Test func largeTablesStillStoreEachKeyAndValueOnce() throws {
        func feature(_ index: Int) -> VectorTileFeature {
            VectorTileFeature(id: UInt64(index), x: Int32(index), y: Int32(-index), properties: [
                (key: "k\(index % 25)", value: .number(Double(index % 50))),
                (key: "name", value: .string("shop \(index % 40)")),
            ])
        }
        let layer = VectorTileLayer(name: "shops", features: (0..<200).map(feature))
        let tile = try ReferenceDecoder.decode(VectorTile.encode([layer]))

        let decoded = try #require(tile.layers.first)
        #expect(decoded.keys == ["k0", "name"] + (1..<25).map { "k\($0)" })
        // The integers 0...49 and the names "shop 0"..."shop 39", each once.
        #expect(decoded.values.count == 50 + 40)
        #expect(decoded.features.count == 200)
        for (index, feature) in decoded.features.enumerated() {
            #expect(feature.properties == [
                DecodedProperty("k\(index % 25)", .int(String(index % 50))),
                DecodedProperty("name", .string("shop \(index % 40)")),
            ])
            #expect(feature.points == [.init(x: Int64(index), y: Int64(-index))])
        }
    }
}
