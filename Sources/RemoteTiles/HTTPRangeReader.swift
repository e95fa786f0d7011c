import Synchronization
import Tiles

/// Byte ranges of one file on a web server or object storage (a PMTiles archive), read with
/// `Range: bytes=A-B` GETs through an ``HTTPFetcher`` (its timeouts, retries and body cap).
///
/// The reader is pinned to the file it first saw: the first answer's `ETag` is remembered and every
/// later request carries it as `If-Match`. When the server says the file is no longer that one (a
/// 412, or a 206 with another `ETag`), the read throws ``Replaced``, so that whoever caches what
/// was read from it (a header, directories) can drop that and start again with a new reader.
public final class HTTPRangeReader: Sendable {
    /// The file behind the URL was replaced since the reader's first read.
    public struct Replaced: Error, CustomStringConvertible, Sendable {
        public let url: String
        public var description: String { "GET \(url): the file changed while it was being read (its ETag moved)" }
    }

    public let url: String
    private let fetcher: HTTPFetcher
    private let etag = Mutex<String?>(nil)

    /// Reads `url` with `fetcher`; the caller closes the fetcher.
    public init(url: String, fetcher: HTTPFetcher) {
        self.url = url
        self.fetcher = fetcher
    }

    /// The `ETag` of the file as first read, if the server sends one.
    public var pinnedETag: String? { etag.withLock { $0 } }

    /// `length` bytes from `offset`, or fewer when the file ends first. Throws `SourceError` when
    /// the server fails, has no such file, or answers ranges it was not asked for, and ``Replaced``
    /// when the file changed since the first read.
    public func read(offset: Int, length: Int) async throws -> [UInt8] {
        guard length > 0 else { return [] }
        let shown = ShownURL.redacting(url)
        var headers = ["Range": "bytes=\(offset)-\(offset + length - 1)"]
        let pinned = pinnedETag
        if let pinned { headers["If-Match"] = pinned }
        let answer = try await fetcher.fetch(url, headers: headers, accepting: [200, 206, 404, 412, 416])
        switch answer.status {
        case 412:
            throw Replaced(url: shown)
        case 404:
            throw SourceError("GET \(shown): HTTP 404, no such file", kind: .status)
        case 416:
            // The range starts past the end: what a directory or tile offset beyond the file gets.
            throw SourceError("GET \(shown): bytes \(offset)… are past the end of the file (HTTP 416)", kind: .status)
        default:
            break
        }
        let tag = answer.header("ETag")
        if let pinned, let tag, tag != pinned { throw Replaced(url: shown) }
        if pinned == nil, let tag { etag.withLock { $0 = $0 ?? tag } }
        if answer.status == 200 {
            // A server that ignores Range sends the whole file (within the fetcher's body cap).
            guard offset <= answer.body.count else {
                throw SourceError("GET \(shown): bytes \(offset)… are past the end of the file", kind: .status)
            }
            return Array(answer.body[offset..<min(answer.body.count, offset + length)])
        }
        guard let range = answer.header("Content-Range").flatMap(Self.start(of:)), range == offset,
              answer.body.count <= length else {
            throw SourceError("GET \(shown): the server answered another range than bytes=\(offset)-\(offset + length - 1)"
                              + " (Content-Range: \(answer.header("Content-Range") ?? "none"))", kind: .status)
        }
        return answer.body
    }

    /// The first byte of `Content-Range: bytes A-B/N`.
    private static func start(of contentRange: String) -> Int? {
        guard contentRange.hasPrefix("bytes "), let dash = contentRange.firstIndex(of: "-") else { return nil }
        return Int(contentRange[contentRange.index(contentRange.startIndex, offsetBy: 6)..<dash])
    }
}
