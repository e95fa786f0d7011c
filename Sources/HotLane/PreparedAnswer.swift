import HTTPTypes
import NIOCore

/// The parts of an image's answer that are the same for every request that gets it, made once
/// when the memory tier stores the image: the body, and the fixed header fields — `ETag`,
/// `Last-Modified`, `Content-Type`, then any of the representation's own (`Vary`,
/// `Content-Encoding`), then `Content-Length` — both as `HTTPFields` (the router's response) and
/// as header lines (``HeadBytes``, the hot lane's). Per answer only what changes follows them:
/// `Cache-Control` (a tile's `max-age` counts down), `Cache-Status`, CORS, `Date`, `Server`.
/// A 304 has the same fields but `Content-Length`, and no body.
///
/// Its buffers are exactly as large as their bytes (``ByteBuffer/exactlySized(_:)``), and
/// ``storedBytes`` is what a memory tier counts for it, the gzipped twin included.
package final class PreparedAnswer: Sendable {
    /// The image's bytes, sent as they are by every answer (never copied per answer).
    package let body: ByteBuffer
    package let etag: String
    /// An HTTP date.
    package let lastModified: String
    /// The fixed fields of a `200`, `Content-Length` last.
    package let fields: HTTPFields
    /// The fixed fields of a `304`: ``fields`` without `Content-Length`.
    package let notModifiedFields: HTTPFields
    /// ``fields`` as header lines.
    package let lines: ByteBuffer
    /// ``notModifiedFields`` as header lines: ``lines`` but the last (the same storage).
    package let notModifiedLines: ByteBuffer
    /// The gzipped representation of the same image (a vector tile's), for requests that accept gzip.
    package let gzipped: PreparedAnswer?

    /// The answer of `body` tagged `etag`, with `representation`'s fields (`Vary`, `Content-Encoding`)
    /// after `Content-Type`, and `gzipped` as the representation for clients that accept gzip.
    package init(body: [UInt8], etag: String, lastModified: String, contentType: String,
                 representation: [HTTPField] = [], gzipped: PreparedAnswer? = nil) {
        self.body = ByteBuffer.exactlySized(body)
        self.etag = etag
        self.lastModified = lastModified
        self.gzipped = gzipped
        var fields = HTTPFields()
        fields.reserveCapacity(4 + representation.count)
        fields.append(HTTPField(name: .eTag, value: etag))
        fields.append(HTTPField(name: .lastModified, value: lastModified))
        fields.append(HTTPField(name: .contentType, value: contentType))
        fields.append(contentsOf: representation)
        notModifiedFields = fields
        let notModifiedLength = HeadBytes.lines(fields).readableBytes
        fields.append(HTTPField(name: .contentLength, value: String(body.count)))
        self.fields = fields
        lines = ByteBuffer.exactlySized(HeadBytes.lines(fields).readableBytesView)
        notModifiedLines = lines.getSlice(at: lines.readerIndex, length: notModifiedLength)!
    }

    /// The bytes a memory tier holding this answer counts: its body's and its gzipped twin's.
    package var storedBytes: Int { body.readableBytes + (gzipped?.storedBytes ?? 0) }
}
