import HTTPTypes
import NIOCore

/// What the hot lane writes for one request.
struct HotAnswer {
    let head: HTTPResponse
    /// None for a 304 or a HEAD.
    let body: ByteBuffer?
    /// The request said `Connection: close`: nothing more is read, the output is closed after the answer.
    let closes: Bool

    /// The status line and header lines, byte for byte as NIO's HTTP/1.1 encoder writes them for
    /// the same response (`HTTP/1.1 200 OK`, `Name: value`, the names as the response spells them).
    func headBytes(allocator: ByteBufferAllocator) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: 512)
        buffer.writeStaticString("HTTP/1.1 ")
        buffer.writeString(String(head.status.code))
        buffer.writeStaticString(" ")
        buffer.writeString(head.status.reasonPhrase)
        buffer.writeStaticString("\r\n")
        for field in head.headerFields {
            buffer.writeString(field.name.rawName)
            buffer.writeStaticString(": ")
            buffer.writeString(field.value)
            buffer.writeStaticString("\r\n")
        }
        buffer.writeStaticString("\r\n")
        return buffer
    }
}
