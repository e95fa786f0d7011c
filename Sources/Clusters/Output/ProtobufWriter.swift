/// Writes the few Protocol Buffers wire-format primitives a vector tile needs into one byte buffer:
/// base-128 varints, zigzag-encoded signed integers, little-endian doubles and length-delimited
/// fields (strings, nested messages, packed repeated integers).
///
/// A nested message is written by its caller in two steps: the field's tag and the message's
/// length (known in advance with `varintSize`), then the message's own fields.
struct ProtobufWriter: Sendable {
    /// How a field's payload is laid out on the wire.
    enum WireType: UInt64 {
        case varint = 0
        case fixed64 = 1
        case lengthDelimited = 2
    }

    private(set) var bytes: [UInt8] = []

    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Makes room for `capacity` bytes in all.
    mutating func reserveCapacity(_ capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Forgets what was written and keeps the buffer's capacity for the next message.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Appends `value` as a varint: seven bits a byte, least significant first, high bit set on
    /// every byte but the last.
    mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Appends a field's key: its number and wire type.
    mutating func tag(_ field: UInt64, _ wireType: WireType) {
        varint(field << 3 | wireType.rawValue)
    }

    /// Appends a varint field.
    mutating func field(_ field: UInt64, varint value: UInt64) {
        tag(field, .varint)
        varint(value)
    }

    /// Appends a string field: its UTF-8 bytes, length-delimited.
    mutating func field(_ field: UInt64, string value: String) {
        tag(field, .lengthDelimited)
        varint(UInt64(value.utf8.count))
        bytes.append(contentsOf: value.utf8)
    }

    /// Appends a `double` field: eight bytes, little-endian.
    mutating func field(_ field: UInt64, double value: Double) {
        tag(field, .fixed64)
        var bits = value.bitPattern
        for _ in 0..<8 {
            bytes.append(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }

    /// Appends a length-delimited field whose payload is `payload`, as it is.
    mutating func field(_ field: UInt64, bytes payload: [UInt8]) {
        tag(field, .lengthDelimited)
        varint(UInt64(payload.count))
        bytes.append(contentsOf: payload)
    }

    /// The number of bytes `varint(value)` appends.
    static func varintSize(_ value: UInt64) -> Int {
        // One byte per started group of seven significant bits; zero still takes one byte.
        let significantBits = 64 - (value | 1).leadingZeroBitCount
        return (significantBits + 6) / 7
    }

    /// Zigzag encoding of a 32-bit signed integer (`sint32`): 0, -1, 1, -2 … become 0, 1, 2, 3 …,
    /// so that small negative numbers stay short varints.
    static func zigzag(_ value: Int32) -> UInt32 {
        UInt32(bitPattern: (value << 1) ^ (value >> 31))
    }

    /// Zigzag encoding of a 64-bit signed integer (`sint64`).
    static func zigzag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }
}
