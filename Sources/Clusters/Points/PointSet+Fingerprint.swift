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
        for row in 0..<count {
            if let id = ids.bytes(of: row) { mix(CollectionOfOne(1)); mix(id) } else { mix(CollectionOfOne(0)) }
            if let text = properties.bytes(of: row) { mix(CollectionOfOne(1)); mix(text) } else { mix(CollectionOfOne(0)) }
        }
        return hash
    }
}
