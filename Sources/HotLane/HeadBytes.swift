import HTTPTypes
import NIOCore

/// A response head written as bytes, byte for byte as NIO's HTTP/1.1 encoder writes the same
/// response: `HTTP/1.1 200 OK`, then `Name: value` lines with the names as the response spells
/// them, then an empty line.
package struct HeadBytes {
    private var buffer: ByteBuffer

    /// A head of `status`; its fields follow with ``append(_:_:)``.
    package init(status: HTTPResponse.Status, allocator: ByteBufferAllocator = ByteBufferAllocator()) {
        buffer = allocator.buffer(capacity: 512)
        buffer.writeStaticString("HTTP/1.1 ")
        buffer.writeString(String(status.code))
        buffer.writeStaticString(" ")
        buffer.writeString(status.reasonPhrase)
        buffer.writeStaticString("\r\n")
    }

    /// One line, `name: value` and CRLF, written in one go (four writes, each checking the buffer's
    /// room and ownership, were a tenth of a cached hit's own work).
    package mutating func append(_ name: HTTPField.Name, _ value: String) {
        var name = name.rawName, value = value
        name.withUTF8 { name in
            value.withUTF8 { value in
                let length = name.count + value.count + 4
                buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: length) { out in
                    let out = out.baseAddress!
                    out.copyMemory(from: name.baseAddress!, byteCount: name.count)
                    out.storeBytes(of: UInt8(ascii: ":"), toByteOffset: name.count, as: UInt8.self)
                    out.storeBytes(of: UInt8(ascii: " "), toByteOffset: name.count + 1, as: UInt8.self)
                    if value.count > 0 { (out + name.count + 2).copyMemory(from: value.baseAddress!, byteCount: value.count) }
                    out.storeBytes(of: UInt8(ascii: "\r"), toByteOffset: length - 2, as: UInt8.self)
                    out.storeBytes(of: UInt8(ascii: "\n"), toByteOffset: length - 1, as: UInt8.self)
                    return length
                }
            }
        }
    }

    /// Header lines written once before (a ``PreparedAnswer``'s), copied in as they are.
    package mutating func append(lines: ByteBuffer) {
        var lines = lines
        buffer.writeBuffer(&lines)
    }

    /// `fields` as header lines alone, no status line and no empty line: what a ``PreparedAnswer`` keeps.
    package static func lines(_ fields: HTTPFields) -> ByteBuffer {
        var head = HeadBytes(buffer: ByteBufferAllocator().buffer(capacity: 256))
        for field in fields { head.append(field.name, field.value) }
        return head.buffer
    }

    private init(buffer: ByteBuffer) {
        self.buffer = buffer
    }

    /// The head, ended by its empty line.
    package consuming func finished() -> ByteBuffer {
        buffer.writeStaticString("\r\n")
        return buffer
    }
}
