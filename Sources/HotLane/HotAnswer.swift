import NIOCore

/// What the hot lane writes for one request.
package struct HotAnswer {
    /// The status line and header lines (``HeadBytes``).
    package let head: ByteBuffer
    /// None for a 304 or a HEAD.
    package let body: ByteBuffer?
    /// The request said `Connection: close`: nothing more is read, the output is closed after the answer.
    package let closes: Bool

    package init(head: ByteBuffer, body: ByteBuffer?, closes: Bool) {
        self.head = head
        self.body = body
        self.closes = closes
    }
}
