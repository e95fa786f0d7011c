import Clusters
import NIOCore

extension ValueKind {
    /// Writes a value (not NULL) as a JSON property value: numbers as numbers (not finite: `null`),
    /// bool as `true`/`false`, json/jsonb as their text, everything else as a string.
    func writeProperty(_ buffer: ByteBuffer, into json: inout JSONOutput) {
        switch self {
        case .integer, .unsignedInteger:
            if let value = integer(buffer) { json.integer(value) } else { json.raw("null") }
        case .float:
            json.number(double(buffer) ?? .nan)
        case .numeric:
            if case .finite(let digits) = BinaryNumeric(buffer) { json.raw(digits.utf8) } else { json.raw("null") }
        case .bool:
            buffer.readableBytesView.first.map { $0 != 0 } == true ? json.raw("true") : json.raw("false")
        case .json:
            json.raw(buffer.readableBytesView)
        case .jsonb:
            json.raw(buffer.readableBytesView.dropFirst())  // the format's version byte
        case .text, .uuid, .date, .time, .timestamp, .timestampWithTimeZone, .interval, .bytea, .other:
            json.string(text(buffer))
        }
    }

    /// A value (not NULL) as a GeoJSON id: a JSON number for the number kinds (nil when not
    /// finite), a JSON string of the value's text for all others.
    func id(_ buffer: ByteBuffer) -> [UInt8]? {
        var json = JSONOutput()
        switch self {
        case .integer, .unsignedInteger, .float, .numeric:
            guard let number = double(buffer), number.isFinite else { return nil }
            writeProperty(buffer, into: &json)
        case .bool, .json, .jsonb:
            var text = JSONOutput()
            writeProperty(buffer, into: &text)
            json.string(text.text)
        case .text, .uuid, .date, .time, .timestamp, .timestampWithTimeZone, .interval, .bytea, .other:
            json.string(text(buffer))
        }
        return json.bytes
    }
}
