import Canvas
import Codecs
import Foundation
import Hummingbird
import Snapshots
import Tiles

/// `GET /static/{layer}/{view}/{size}…`: one picture of a region, stitched from the layer's tiles
/// (through its chain, from its cache) with no seam, with markers, a path, a dataset's clusters and
/// the layer's attribution drawn over it.
///
/// Cached under a key naming the request, the ETags of the tiles it was made from and the
/// dataset's version: a changed tile or a refreshed dataset makes a new picture, and an
/// unchanged one is a hit (its tiles are hits too, so checking them is cheap).
///
/// A layer with frames gives an animated picture (APNG for .png, animated WebP for .webp): every
/// frame stitched from the same view, so it plays with no seam and no flicker.
struct StaticService: Sendable {
    let layers: [String: LayerService]
    let animations: [String: AnimatedLayer]
    let clusters: ClusterService
    let store: ImageStore
    let renders: RenderQueue
    let limits: ServerConfig.Limits

    func image(layer name: String, view: String, file: String, query: [String: String], request: Request) async throws -> Response {
        guard let layer = layers[name] else { throw ServeError.notFound("no layer '\(name.prefix(64))'") }
        let parsed = try StaticRequest.parse(layer: layer.layer, view: view, file: file, query: query, maximumSide: limits.maxStaticSide)
        var clustered: (DatasetService, ClusterView)?
        if let datasetName = parsed.dataset {
            guard clusters.datasets[datasetName] != nil else { throw ServeError.badRequest("clusters: no dataset '\(datasetName.prefix(64))'") }
            clustered = try await clusters.view(datasetName, query: query)
        } else if query["filter"] != nil {
            throw ServeError.badRequest("filter needs clusters=DATASET")
        }
        let dataset = clustered
        let animation = animations[name]
        let encoder: (any AnimationEncoder)? = try animation.map { _ in
            switch parsed.format {
            case .png: return APNGEncoder()
            case .webp: return AnimatedWebPEncoder()
            default: throw ServeError.badRequest("layer '\(name)' is animated: its static maps are .png (APNG) or .webp")
            }
        }
        let mosaic = TileMosaic(view: parsed.view, maximumZoom: layer.layer.maxzoom)
        var fetched: [[TileID: ServedTile]] = []
        for (frameName, service) in animation?.services ?? [(name, layer)] {
            fetched.append(try await fetch(mosaic, from: service, as: frameName))
        }
        let frames = fetched
        let maxAge = frames.flatMap { $0.values.map(\.maxAge) }.min() ?? 60
        let identity = [parsed.identity, dataset?.1.version ?? ""] + frames.flatMap { tiles in tiles.keys.sorted().map { "\($0)=\(tiles[$0]!.etag)" } }
        let key = "_static/\(name)/" + ETag.of(Array(identity.joined(separator: "\u{1F}").utf8)).filter { $0 != "\"" } + "." + parsed.format.fileExtension
        let (decodeLimits, timing) = (limits.decode, animation?.frames)
        let (image, status) = try await store.image(key) {
            try await renders.run {
                let snapshot = Snapshot(mosaic: mosaic, overlays: parsed.overlays,
                                        clusters: dataset.map { (index: $0.1.index, overlay: $0.0.overlay) })
                let pictures = try frames.map { tiles in
                    try snapshot.render(tiles: try tiles.mapValues { try ImageDecoder.decode($0.bytes, limits: decodeLimits) })
                }
                guard let encoder, let timing else { return try ImageEncoder.default(for: parsed.format).encode(pictures[0]) }
                return try encoder.encode(pictures.map { AnimationFrame($0, milliseconds: timing.delay) }, loopCount: timing.loops)
            }
        }
        return image.answer(request.method, request.headers, status: status, maxAge: max(0, min(maxAge, 86400))).response
    }

    /// The tiles the picture needs, fetched at once through the layer (cache, upstream, chain); a
    /// tile the source does not have is left out (drawn transparent), any other failure fails
    /// the picture with the tile's status.
    private func fetch(_ mosaic: TileMosaic, from layer: LayerService, as name: String) async throws -> [TileID: ServedTile] {
        let format = layer.layer.format, scale = mosaic.view.scale
        return try await withThrowingTaskGroup(of: (TileID, ServedTile?).self) { group in
            for tile in Set(mosaic.placements.map(\.tile)) {
                group.addTask { (tile, try await layer.tileIfPresent(TileRequest(layer: name, tile: tile, scale: scale, format: format))) }
            }
            var tiles: [TileID: ServedTile] = [:]
            for try await (tile, served) in group { if let served { tiles[tile] = served } }
            return tiles
        }
    }
}
