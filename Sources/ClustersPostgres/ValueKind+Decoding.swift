import NIOCore

extension ValueKind {
    /// The value as a number, for the number kinds (`float4` as the decimal it prints as, so
    /// `1.1::float4` is 1.1, not 1.100000023841858); nil for other kinds or a malformed value.
    func double(_ buffer: ByteBuffer) -> Double? {
        switch self {
        case .integer, .unsignedInteger: integer(buffer).map(Double.init)
        case .float: Self.float(buffer)
        case .numeric: BinaryNumeric(buffer)?.double
        default: nil
        }
    }

    /// The value of an integer kind.
    func integer(_ buffer: ByteBuffer) -> Int64? {
        let start = buffer.readerIndex
        switch (self, buffer.readableBytes) {
        case (.integer, 2): return buffer.getInteger(at: start, as: Int16.self).map(Int64.init)
        case (.integer, 4): return buffer.getInteger(at: start, as: Int32.self).map(Int64.init)
        case (.integer, 8): return buffer.getInteger(at: start, as: Int64.self)
        case (.unsignedInteger, 4): return buffer.getInteger(at: start, as: UInt32.self).map(Int64.init)
        default: return nil
        }
    }

    /// The text form of the kinds written as JSON strings.
    func text(_ buffer: ByteBuffer) -> String {
        let start = buffer.readerIndex
        switch (self, buffer.readableBytes) {
        case (.uuid, 16):
            return Self.uuid(buffer.readableBytesView)
        case (.date, 4):
            return BinaryDateTime.date(days: buffer.getInteger(at: start, as: Int32.self)!)
        case (.time, 8):
            return BinaryDateTime.time(microseconds: buffer.getInteger(at: start, as: Int64.self)!)
        case (.timestamp, 8), (.timestampWithTimeZone, 8):
            return BinaryDateTime.timestamp(
                microseconds: buffer.getInteger(at: start, as: Int64.self)!, utc: self == .timestampWithTimeZone)
        case (.interval, 16):
            return BinaryDateTime.interval(
                months: buffer.getInteger(at: start + 12, as: Int32.self)!,
                days: buffer.getInteger(at: start + 8, as: Int32.self)!,
                microseconds: buffer.getInteger(at: start, as: Int64.self)!)
        case (.bytea, _):
            return "\\x" + Self.hex(buffer.readableBytesView, digits: Self.lowercaseDigits)
        case (.other, _):
            let bytes = buffer.readableBytesView
            if !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) { return text }
            return Self.hex(bytes, digits: Self.uppercaseDigits)
        default:
            return String(decoding: buffer.readableBytesView, as: UTF8.self)
        }
    }

    private static func float(_ buffer: ByteBuffer) -> Double? {
        switch buffer.readableBytes {
        case 4:
            let value = Float(bitPattern: buffer.getInteger(at: buffer.readerIndex, as: UInt32.self)!)
            return value.isFinite ? Double(value.description) : Double(value)
        case 8:
            return Double(bitPattern: buffer.getInteger(at: buffer.readerIndex, as: UInt64.self)!)
        default:
            return nil
        }
    }

    private static let lowercaseDigits = Array("0123456789abcdef".utf8)
    private static let uppercaseDigits = Array("0123456789ABCDEF".utf8)

    private static func hex<Bytes: Collection<UInt8>>(_ bytes: Bytes, digits: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// `8-4-4-4-12` lowercase hex, as PostgreSQL prints a uuid.
    private static func uuid<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        var text = hex(bytes, digits: lowercaseDigits)
        for offset in [8, 13, 18, 23] {
            text.insert("-", at: text.index(text.startIndex, offsetBy: offset))
        }
        return text
    }
}
