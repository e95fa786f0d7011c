import CairnServer
import Foundation
import HummingbirdCore

/// Fuzz target `Routes`: the path and query parsing of `cairn serve`'s routes, without a server.
/// The first line is a request target (`/tiles/osm/3/4/2@2x.png?scale=2`), parsed by Hummingbird's
/// `URI` and `QueryValue.parameters`; its segments and query go through every route's parser
/// (tiles, badges, cards, clusters); the rest of the input is a `POST /cards.png` JSON body.
/// What a parser accepts is on the grid, within the limits, and names no path outside its place.
///
/// Seeds: Fuzz/Seeds/Routes
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoutes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(data, size) { input in
        let lines = input.lines
        let uri = URI(lines[0])
        let segments = uri.path.split(separator: "/").map(String.init)
        let query = (try? QueryValue.parameters(of: uri)) ?? [:]
        let last = segments.last ?? ""
        let config = ServerConfig()
        if segments.count >= 4 {
            FuzzRoutes.tile(segments.suffix(4).map { $0 }, config: config)
        }
        if let badge = try? BadgeRequest(file: last, query: query, badges: config.badges, limits: config.limits) {
            fuzzCheck((1...config.limits.maxBadgeCount).contains(badge.count) && (1...config.limits.maxScale).contains(badge.scale),
                      "badge \(badge) accepted")
        }
        if let card = try? CardService.Request(file: last, query: query) { FuzzRoutes.check(card, config: config) }
        let body = Data(lines.dropFirst().joined(separator: "\n").utf8)
        if let card = try? JSONDecoder().decode(CardService.Request.self, from: body) { FuzzRoutes.check(card, config: config) }
        if let region = try? ClusterQuery.region(query) {
            fuzzCheck(region.box.south <= region.box.north && (0...30).contains(region.zoom), "region \(region) accepted")
        }
        _ = try? ClusterQuery.clusterID(last)
        _ = try? ClusterQuery.page(query)
    }
}

enum FuzzRoutes {
    /// `…/{layer}/{z}/{x}/{file}`: on the grid, and a cache key of plain names.
    static func tile(_ parts: [String], config: ServerConfig) {
        guard let request = try? TileRequest.parse(layer: "layer", z: parts[1], x: parts[2], file: parts[3]) else { return }
        let tile = request.tile
        fuzzCheck(tile.z <= 30 && tile.x < 1 << tile.z && tile.y < 1 << tile.z, "tile \(tile) accepted")
        fuzzCheck(!request.cacheKey.contains("..") && request.cacheKey.hasPrefix("layer/"), "cache key \(request.cacheKey)")
    }

    /// A card request that passes its checks names its image by a plain name, never a path.
    static func check(_ card: CardService.Request, config: ServerConfig) {
        guard (try? card.checked(limits: config.limits)) != nil else { return }
        if let id = card.imageID {
            fuzzCheck(!id.isEmpty && !id.contains("/") && !id.hasPrefix("."), "image id '\(id)' accepted")
        }
    }
}
