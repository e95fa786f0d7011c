/// Unsigned LEB128 varints, as PMTiles directories store their numbers (the protobuf encoding).
enum PMTilesVarint {
    /// Appends `value` to `bytes`.
    static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }
}

/// Reads varints from the front of a byte buffer; every problem is a thrown ``PMTilesError``.
struct PMTilesByteCursor {
    let bytes: [UInt8]
    private(set) var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var remaining: Int { bytes.count - position }

    /// The next varint; throws at the end of the bytes or when it does not fit 64 bits.
    mutating func varint() throws(PMTilesError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < bytes.count else { throw PMTilesError("directory ends inside a number") }
            let byte = bytes[position]
            position += 1
            let payload = UInt64(byte & 0x7F)
            guard shift < 64, shift < 63 || payload <= 1 else { throw PMTilesError("directory number overflows 64 bits") }
            value |= payload << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
    }
}
