import NIOCore

/// What the hot lane writes for one request.
struct HotAnswer {
    /// The status line and header lines (``HeadBytes``).
    let head: ByteBuffer
    /// None for a 304 or a HEAD.
    let body: ByteBuffer?
    /// The request said `Connection: close`: nothing more is read, the output is closed after the answer.
    let closes: Bool
}
