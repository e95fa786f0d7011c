import Codecs
import Dispatch
import HTTPTypes
import HotLane
import NIOCore

extension HotLane {
    /// The `200 OK` meters of the three routes plain targets are answered on.
    struct PlainMeters: Sendable {
        let tile: RequestMeter
        let badge: RequestMeter
        let clusterTile: RequestMeter

        init(metrics: ServerMetrics) {
            tile = metrics.requestMeter(route: RouteTemplate.tile.description, status: 200)
            badge = metrics.requestMeter(route: RouteTemplate.badge.description, status: 200)
            clusterTile = metrics.requestMeter(route: RouteTemplate.clusterTile.description, status: 200)
        }
    }

    /// The answer to a hit asked for by a plain target, the shortest way: no `Request`, no URI
    /// parsing, no `HTTPFields`; the head is written straight to bytes in the order of every image
    /// answer (``plainImage(_:meter:image:since:)``). Plain means no query, no `If-None-Match` or
    /// `If-Modified-Since`, no signed route, and one of
    ///
    /// - `/tiles/` followed by the tile's cache key as the router makes it (`/tiles/world/2/2/1.png`,
    ///   `…/1@2x.webp`: no leading zeros, the format's own extension), looked up in the memory tier
    ///   by the target itself (the tier only holds keys of requests that passed the router's checks);
    /// - `/badges/{count}.png` in the default style;
    /// - `/clusters/{dataset}/{z}/{x}/{y}[@2x].{png|webp}`, a raster overlay tile (vector tiles
    ///   depend on `Accept-Encoding`).
    ///
    /// Nil for anything else, which the general way then judges: a miss, another spelling, a query,
    /// a conditional request, a vector tile, a card. A miss here is judged again there, and counted once.
    func answerPlainTarget(_ raw: RawRequestHead, since start: DispatchTime) -> HotAnswer? {
        let target = raw.target
        guard signed.isEmpty, raw.fields[.ifNoneMatch] == nil, raw.fields[.ifModifiedSince] == nil,
              !target.utf8.contains(UInt8(ascii: "?")) else { return nil }
        if target.utf8.starts(with: "/tiles/".utf8) {
            let key = target.dropFirst("/tiles/".count)
            let layerName = String(key.prefix { $0 != "/" })
            guard let layer = services.layers[layerName], services.animations[layerName] == nil,
                  let dot = key.lastIndex(of: "."), let format = ImageFormat(fileExtension: String(key[key.index(after: dot)...])),
                  let tile = layer.hit(key: String(key), format: format) else { return nil }
            return plainImage(raw, meter: plainMeters.tile, image: PlainImage(tile), since: start)
        }
        let segments = target.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard segments.count >= 3, segments[0].isEmpty, !segments.dropFirst().contains(where: { $0.isEmpty }) else { return nil }
        switch (Substring(segments[1]), segments.count) {
        case ("badges", 3):
            guard let badge = services.badges.hit(file: String(Substring(segments[2])), query: [:]) else { return nil }
            return plainImage(raw, meter: plainMeters.badge, image: PlainImage(badge, maxAge: ttl, contentType: "image/png"), since: start)
        case ("clusters", 6):
            let part = { (n: Int) in String(Substring(segments[n])) }
            // `/clusters/{dataset}/points/{id}/card.png` is a point's card, not a tile.
            guard part(3) != "points", let (image, contentType) = services.clusters.hitRasterTile(part(2), z: part(3), x: part(4), file: part(5)) else { return nil }
            return plainImage(raw, meter: plainMeters.clusterTile,
                              image: PlainImage(image, maxAge: services.clusters.maxAge, contentType: contentType), since: start)
        default:
            return nil
        }
    }

    /// A hit's answer: `200 OK` (a HEAD without the body), its fields in the order
    /// ``ImageResponse`` gives them, then CORS, `Date` and `Server` as the application adds them.
    /// A target asked for again within the second gets the answer made for it then (``PlainAnswers``).
    private func plainImage(_ raw: RawRequestHead, meter: RequestMeter, image: PlainImage, since start: DispatchTime) -> HotAnswer {
        let made = PlainAnswers.current.answer(for: raw.target, lane: serial, etag: image.etag, lastModified: image.lastModified,
                                               maxAge: image.maxAge) {
            var head = HeadBytes(status: .ok)
            head.append(.eTag, image.etag)
            ImageResponse.appendCaching(to: &head, maxAge: image.maxAge, lastModified: image.lastModified,
                                        cacheStatus: "cairn; hit", contentType: image.contentType)
            head.append(.contentLength, String(image.bytes.count))
            return (completed(head), ByteBuffer(bytes: image.bytes))
        }
        return answered(raw, head: made.head, body: made.body, target: raw.target, meter: meter, cacheStatus: "cairn; hit", since: start)
    }
}

/// What a plain hit's answer is made of.
private struct PlainImage {
    let bytes: [UInt8]
    let etag: String
    let lastModified: String
    let maxAge: Int
    let contentType: String

    init(_ tile: ServedTile) {
        self.init(bytes: tile.bytes, etag: tile.etag, lastModified: tile.lastModified, maxAge: tile.maxAge, contentType: tile.format.mimeType)
    }

    init(_ image: ServedImage, maxAge: Int, contentType: String) {
        self.init(bytes: image.bytes, etag: image.etag, lastModified: image.lastModified, maxAge: maxAge, contentType: contentType)
    }

    private init(bytes: [UInt8], etag: String, lastModified: String, maxAge: Int, contentType: String) {
        self.bytes = bytes
        self.etag = etag
        self.lastModified = lastModified
        self.maxAge = maxAge
        self.contentType = contentType
    }
}
