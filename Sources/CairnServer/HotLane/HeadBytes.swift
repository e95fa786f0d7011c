import HTTPTypes
import NIOCore

/// A response head written as bytes, byte for byte as NIO's HTTP/1.1 encoder writes the same
/// response: `HTTP/1.1 200 OK`, then `Name: value` lines with the names as the response spells
/// them, then an empty line.
struct HeadBytes: HeaderSink {
    private var buffer: ByteBuffer

    /// A head of `status`; its fields follow with ``append(_:_:)``.
    init(status: HTTPResponse.Status, allocator: ByteBufferAllocator = ByteBufferAllocator()) {
        buffer = allocator.buffer(capacity: 512)
        buffer.writeStaticString("HTTP/1.1 ")
        buffer.writeString(String(status.code))
        buffer.writeStaticString(" ")
        buffer.writeString(status.reasonPhrase)
        buffer.writeStaticString("\r\n")
    }

    mutating func append(_ name: HTTPField.Name, _ value: String) {
        buffer.writeString(name.rawName)
        buffer.writeStaticString(": ")
        buffer.writeString(value)
        buffer.writeStaticString("\r\n")
    }

    /// The head, ended by its empty line.
    consuming func finished() -> ByteBuffer {
        buffer.writeStaticString("\r\n")
        return buffer
    }
}
