/// A property value as a vector tile stores it: one typed field of a `Tile.Value` message. Two
/// values are the same entry of a layer's value table when their types and values are equal.
enum VectorTileValue: Equatable, Sendable {
    case string(String)
    case double(Double)
    case uint(UInt64)
    case sint(Int64)
    case bool(Bool)

    /// The value a JSON property is written as; nil for `null` and non-finite numbers, which are
    /// left out. Integers become `uint` or `sint` (as tippecanoe and mapnik write them), other
    /// numbers `double`, arrays and objects their compact JSON text.
    init?(_ json: JSONValue) {
        switch json {
        case .null: return nil
        case .bool(let flag): self = .bool(flag)
        case .string(let text): self = .string(text)
        case .array, .object: self = .string(json.jsonText)
        case .number(let number):
            guard number.isFinite else { return nil }
            if number == number.rounded(.towardZero) {
                // -0.0 ≥ 0 too, and is written as 0, as JSON writes it.
                if number >= 0, number < 18_446_744_073_709_551_616.0 {
                    self = .uint(UInt64(number))
                    return
                }
                if number < 0, number >= -9_223_372_036_854_775_808.0 {
                    self = .sint(Int64(number))
                    return
                }
            }
            self = .double(number)
        }
    }

    /// The length of the `Tile.Value` message that `write(into:)` appends.
    var messageSize: Int {
        switch self {
        case .string(let text):
            let count = text.utf8.count
            return 1 + ProtobufWriter.varintSize(UInt64(count)) + count
        case .double: return 1 + 8
        case .uint(let number): return 1 + ProtobufWriter.varintSize(number)
        case .sint(let number): return 1 + ProtobufWriter.varintSize(ProtobufWriter.zigzag(number))
        case .bool: return 2
        }
    }

    /// Appends the `Tile.Value` message's field (without the message's own tag and length).
    func write(into writer: inout ProtobufWriter) {
        typealias Field = VectorTileSchema.Value
        switch self {
        case .string(let text): writer.field(Field.string, string: text)
        case .double(let number): writer.field(Field.double, double: number)
        case .uint(let number): writer.field(Field.uint, varint: number)
        case .sint(let number): writer.field(Field.sint, varint: ProtobufWriter.zigzag(number))
        case .bool(let flag): writer.field(Field.bool, varint: flag ? 1 : 0)
        }
    }
}

extension VectorTileValue: VectorTileTableHashable {
    /// The payload's hash mixed with the type, so that 1, "1" and true differ. (A double is never
    /// -0.0 or NaN, the two whose bit patterns and equality disagree: see `init?(_:)`.)
    var tableHash: UInt64 {
        switch self {
        case .string(let text): text.tableHash
        case .double(let number): vectorTileMix(number.bitPattern ^ 0x1111_1111_1111_1111)
        case .uint(let number): vectorTileMix(number ^ 0x2222_2222_2222_2222)
        case .sint(let number): vectorTileMix(UInt64(bitPattern: number) ^ 0x3333_3333_3333_3333)
        case .bool(let flag): flag ? 0x4444_4444_4444_4444 : 0x5555_5555_5555_5555
        }
    }
}
