import Foundation
import Tiles

/// Tiles fetched over http/https through a URL template, with ``HTTPFetcher`` (AsyncHTTPClient):
/// 200 gives the tile; 404 and 204 are "no tile"; failures are retried as the fetcher's options say.
public final class HTTPTileSource: TileSource {
    public let template: URLTemplate
    public let fetcher: HTTPFetcher
    public var options: HTTPSourceOptions { fetcher.options }

    public init(template: URLTemplate, options: HTTPSourceOptions = HTTPSourceOptions()) throws(SourceError) {
        guard template.template.hasPrefix("http://") || template.template.hasPrefix("https://") else {
            throw SourceError("'\(template)' is not an http:// or https:// template")
        }
        self.template = template
        fetcher = HTTPFetcher(options: options)
    }

    public func tile(_ id: TileID, scale: Int) async throws -> TileImage? {
        let answer = try await fetcher.fetch(template.url(for: id, scale: scale))
        switch answer.status {
        case 200: return .encoded(answer.body)
        default: return nil  // 204, 404
        }
    }

    /// A conditional GET when `validators` are given; the answer carries the upstream's freshness
    /// (`Cache-Control`, `Expires`) and validators (`ETag`, `Last-Modified`).
    public func fetch(_ id: TileID, scale: Int, validators: Validators) async throws -> SourceAnswer {
        var headers: [String: String] = [:]
        if let etag = validators.etag { headers["If-None-Match"] = etag }
        if let lastModified = validators.lastModified { headers["If-Modified-Since"] = lastModified }
        let answer = try await fetcher.fetch(template.url(for: id, scale: scale), headers: headers)
        let maxAge = Freshness.maxAge(cacheControl: answer.header("Cache-Control"), expires: answer.header("Expires"),
                                      date: answer.header("Date"))
        let body: SourceAnswer.Body
        switch answer.status {
        case 200: body = .tile(.encoded(answer.body))
        case 304: body = .notModified
        default: body = .noTile
        }
        return SourceAnswer(body: body, maxAge: maxAge,
                            validators: Validators(etag: answer.header("ETag"), lastModified: answer.header("Last-Modified")))
    }

    public func close() async { await fetcher.close() }
}
