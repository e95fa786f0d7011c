import Codecs
import Dispatch
import HTTPTypes
import NIOCore

extension HotLane {
    /// The route a tile hit is counted and logged under.
    private static let tileRoute = RouteTemplate.tile.description

    /// The answer to a tile hit asked for by its plain target, `/tiles/` followed by the tile's
    /// cache key as the router would make it (`/tiles/world/2/2/1.png`, `…/1@2x.webp`: no query,
    /// no leading zeros, the format's own extension), without a conditional field: the memory tier
    /// is looked up by the target itself, and the head is written straight to bytes in the order
    /// of every image answer (``ImageResponse/appendCaching(to:maxAge:lastModified:cacheStatus:contentType:)``,
    /// then CORS, `Date`, `Server`). Nil for anything else, which the general way then judges: a
    /// miss, another spelling of a tile, a conditional request, a signed route, an animated layer.
    func answerPlainTile(_ raw: RawRequestHead, since start: DispatchTime) -> HotAnswer? {
        guard signed.isEmpty, raw.fields[.ifNoneMatch] == nil, raw.fields[.ifModifiedSince] == nil,
              let key = Self.plainTileKey(raw.target) else { return nil }
        let layerName = String(key.prefix { $0 != "/" })
        guard let layer = services.layers[layerName], services.animations[layerName] == nil,
              let dot = key.lastIndex(of: "."), let format = ImageFormat(fileExtension: String(key[key.index(after: dot)...])),
              let tile = layer.hit(key: String(key), format: format) else { return nil }
        var head = HeadBytes(status: .ok)
        head.append(.eTag, tile.etag)
        ImageResponse.appendCaching(to: &head, maxAge: tile.maxAge, lastModified: tile.lastModified,
                                    cacheStatus: tile.cacheStatus, contentType: format.mimeType)
        head.append(.contentLength, String(tile.bytes.count))
        if let cors { CORS.append(cors, to: &head) }
        head.append(.date, DateHeader.now())
        head.append(.server, CairnServer.serverName)
        record.finished(method: raw.method, target: raw.target, route: Self.tileRoute, status: 200,
                        cacheStatus: tile.cacheStatus, since: start)
        services.metrics.hotLaneAnswered()
        return HotAnswer(head: head.finished(), body: raw.method == .head ? nil : ByteBuffer(bytes: tile.bytes),
                         closes: raw.fields[.connection] == "close")
    }

    /// The cache key a target names when it is `/tiles/` and a key: what follows the prefix, when
    /// there is no query.
    private static func plainTileKey(_ target: String) -> Substring? {
        guard target.utf8.starts(with: "/tiles/".utf8), !target.utf8.contains(UInt8(ascii: "?")) else { return nil }
        return target.dropFirst("/tiles/".count)
    }
}
