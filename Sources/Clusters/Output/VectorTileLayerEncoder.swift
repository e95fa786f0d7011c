/// Writes layers' messages, interning each layer's property keys and values into its `keys` and
/// `values` tables (each key and each typed value once, in the order first met). One encoder
/// serves all the layers of a tile and reuses its tables' and buffers' storage.
struct VectorTileLayerEncoder {
    private var keys = VectorTileTable<String>()
    private var values = VectorTileTable<VectorTileValue>()
    /// The current feature's key/value index pairs.
    private var tags: [UInt32] = []
    /// The current layer's message.
    private var body = ProtobufWriter()

    /// Appends `layer` as a `Tile.layers` field.
    mutating func write(_ layer: VectorTileLayer, into tile: inout ProtobufWriter) {
        typealias Field = VectorTileSchema.Layer
        keys.removeAll()
        values.removeAll()
        body.removeAll()
        body.reserveCapacity(64 + 40 * layer.features.count)
        body.field(Field.version, varint: UInt64(VectorTile.version))
        body.field(Field.name, string: layer.name)
        body.field(Field.extent, varint: UInt64(layer.extent))
        for feature in layer.features where !feature.drawsNothing {
            writeFeature(feature)
        }
        for key in keys.elements {
            body.field(Field.keys, string: key)
        }
        for value in values.elements {
            body.tag(Field.values, .lengthDelimited)
            body.varint(UInt64(value.messageSize))
            value.write(into: &body)
        }
        tile.field(VectorTileSchema.Tile.layers, bytes: body.bytes)
    }

    /// Appends `feature` as a `Layer.features` field: its id, tags, type and geometry.
    private mutating func writeFeature(_ feature: VectorTileFeature) {
        typealias Field = VectorTileSchema.Feature
        internTags(of: feature)
        var tagsSize = 0
        for index in tags { tagsSize += ProtobufWriter.varintSize(UInt64(index)) }
        let geometrySize = feature.geometrySize

        var size = 2 + 1 + ProtobufWriter.varintSize(UInt64(geometrySize)) + geometrySize
        if let id = feature.id { size += 1 + ProtobufWriter.varintSize(id) }
        if !tags.isEmpty { size += 1 + ProtobufWriter.varintSize(UInt64(tagsSize)) + tagsSize }

        body.tag(VectorTileSchema.Layer.features, .lengthDelimited)
        body.varint(UInt64(size))
        if let id = feature.id { body.field(Field.id, varint: id) }
        if !tags.isEmpty {
            body.tag(Field.tags, .lengthDelimited)
            body.varint(UInt64(tagsSize))
            for index in tags { body.varint(UInt64(index)) }
        }
        body.field(Field.type, varint: feature.geometryType)
        body.tag(Field.geometry, .lengthDelimited)
        body.varint(UInt64(geometrySize))
        feature.writeGeometry(into: &body)
    }

    /// Fills `tags` with the feature's key and value indices, leaving out nulls and all but the
    /// last value of a key given twice.
    private mutating func internTags(of feature: VectorTileFeature) {
        tags.removeAll(keepingCapacity: true)
        let properties = feature.properties
        for position in properties.indices {
            let (key, json) = properties[position]
            guard let value = VectorTileValue(json) else { continue }
            // Lengths first: most keys differ in length, which is quicker to see than their text.
            let length = key.utf8.count
            if properties[(position + 1)...].contains(where: { $0.key.utf8.count == length && $0.key == key }) { continue }
            tags.append(keys.index(of: key))
            tags.append(values.index(of: value))
        }
    }
}
