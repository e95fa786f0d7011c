extension PointSet {
    /// A 64-bit FNV-1a hash of every coordinate, id and property text, in order: equal point sets
    /// give equal fingerprints, so a dataset re-read without changes keeps its version (and the
    /// caches keyed by it stay warm), and any change gives a new one.
    public var fingerprint: UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash &*= 0x100_0000_01b3
            }
        }
        for column in [longitudes, latitudes] {
            column.withUnsafeBytes { mix($0) }
        }
        func mix(row: Int, of column: JSONTextColumn) {
            if column.isPresent(row) {
                mix(CollectionOfOne(1))
                column.forEachChunk(of: row) { mix($0) }
            } else {
                mix(CollectionOfOne(0))
            }
        }
        for row in 0..<count {
            mix(row: row, of: ids)
            mix(row: row, of: properties)
        }
        return hash
    }
}
