import Codecs
import Tiles

/// A layer's tiles as a seed makes them with ``BatchRender``: the upstream fetched as a miss
/// fetches it (the tile, an @2x tile's four children, or a parent to scale up; unconditionally),
/// then the layer's chain on a render worker, encoded in the seed's format. A zoom outside the
/// layer's, or a tile the source lacks, is "no tile".
struct LayerRecipe: TileRecipe {
    struct Fetched: Sendable {
        let image: UpstreamTile.Image
        let maxAge: Double?
        let validators: Validators
    }

    let service: LayerService
    let scale: Int
    let format: ImageFormat

    /// The request a client would make for `tile`: the cache entry a seed of it fills.
    func request(_ tile: TileID) -> TileRequest {
        TileRequest(layer: service.layer.name, tile: tile, scale: scale, format: format)
    }

    func fetch(_ tile: TileID) async throws -> Fetched? {
        guard (service.layer.minzoom...service.layer.maxzoom).contains(tile.z) else { return nil }
        let upstream = try await service.fetch(request(tile), validators: Validators())
        switch upstream.body {
        case .image(let image): return Fetched(image: image, maxAge: upstream.maxAge, validators: upstream.validators)
        case .notFound: return nil
        case .notModified: throw ServeError.badUpstream("the upstream answered 304 to an unconditional request")
        }
    }

    func render(_ fetched: Fetched, tile: TileID) throws -> RenderedTile {
        RenderedTile(bytes: try service.draw(fetched.image, request: request(tile)), maxAge: fetched.maxAge, validators: fetched.validators)
    }
}

/// Where a seed of a layer puts its tiles: the server's cache, each stored as a miss on its
/// request stores it (the same bytes, ETag, freshness and upstream validators; in memory too).
/// A tile with a fresh copy in the cache is one the cache already has (`resume`).
final class LayerSeedSink: TileSink {
    let recipe: LayerRecipe

    init(_ recipe: LayerRecipe) { self.recipe = recipe }

    func contains(_ tile: TileID) -> Bool { recipe.service.freshCopy(recipe.request(tile)) != nil }

    func write(_ tile: TileID, data: [UInt8]) { write(tile, rendered: RenderedTile(bytes: data)) }

    func write(_ tile: TileID, rendered: RenderedTile) {
        // A store the disk cannot take (full) is counted and logged by the cache, as for a miss.
        recipe.service.keep(rendered.bytes, for: recipe.request(tile), maxAge: rendered.maxAge, validators: rendered.validators)
    }

    /// Every tile is in the cache as soon as it is written.
    func finish(describing tileset: TilesetDescription) {}
}
