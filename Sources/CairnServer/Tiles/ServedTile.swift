import Codecs
import Foundation
import HotLane
import NIOCore

/// A tile ready to send: its prepared answer and what changes per answer.
struct ServedTile: Sendable {
    let answer: PreparedAnswer
    /// Seconds it stays fresh from now (`Cache-Control: max-age`).
    let maxAge: Int
    /// RFC 9211 `Cache-Status`, e.g. `cairn; hit` or `cairn; fwd=miss; stored`.
    let cacheStatus: String

    var etag: String { answer.etag }
    /// When it was rendered, as an HTTP date (`Last-Modified`).
    var lastModified: String { answer.lastModified }
    /// A copy of the tile's bytes, to decode (a static map's, an animation's frame).
    var bytes: [UInt8] { Array(answer.body.readableBytesView) }

    init(answer: PreparedAnswer, maxAge: Int, cacheStatus: String) {
        self.answer = answer
        self.maxAge = maxAge
        self.cacheStatus = cacheStatus
    }

    /// A tile made for one answer, not kept (an animation's missing frame).
    init(bytes: [UInt8], format: ImageFormat, etag: String, lastModified: String, maxAge: Int, cacheStatus: String) {
        self.init(answer: PreparedAnswer(body: bytes, etag: etag, lastModified: lastModified, contentType: format.mimeType),
                  maxAge: maxAge, cacheStatus: cacheStatus)
    }
}

extension ServedTile {
    /// The same tile for a request that waited on another's render (RFC 9211's `collapsed`).
    var collapsed: ServedTile {
        ServedTile(answer: answer, maxAge: maxAge, cacheStatus: cacheStatus + "; collapsed")
    }
}
