import Codecs
import Foundation
import Tiles

extension CairnServer {
    /// The bytes a tile of the plan takes, estimated as the mean of a few sample tiles rendered
    /// without storing them (an animation holds every frame); 0 when the source has none of them.
    public func seedEstimate(_ plan: SeedPlan) async throws(SeedError) -> Double {
        let format = try seedFormat(plan)
        guard let layer = services.layers[plan.layer] else { throw .unknownLayer(plan.layer) }
        var sizes: [Int] = []
        for tile in plan.tiles.samples(4) {
            if let size = try? await layer.sampleSize(TileRequest(layer: layer.layer.name, tile: tile, scale: plan.scale, format: format)) {
                sizes.append(size)
            }
        }
        guard !sizes.isEmpty else { return 0 }
        return Double(sizes.reduce(0, +)) / Double(sizes.count) * Double(services.animations[plan.layer]?.services.count ?? 1)
    }

    /// Checks a seed before it starts: the layer exists, the format suits it, and the estimate
    /// (``seedEstimate(_:)`` times the tiles) fits in `cache.max_size`. Throws the reason it cannot run.
    public func checkSeed(_ plan: SeedPlan) async throws(SeedError) {
        let total = plan.tiles.count
        let perTile = try await seedEstimate(plan)
        if perTile * Double(total) > Double(config.cache.maxSize) {
            throw .tooLarge(tiles: total, perTile: perTile, capacity: config.cache.maxSize)
        }
    }

    /// Renders every tile of the plan into the disk cache with ``BatchRender`` (`plan.jobs` tiles
    /// in flight, rendered on the server's render workers), each stored as the server would store
    /// it on a miss (same bytes, ETag and freshness); `progress` counts them as they finish and
    /// `onTile` hears each. Stops starting tiles when the task is cancelled. A tile that fails is
    /// counted and the seed goes on.
    public func seed(_ plan: SeedPlan, progress: SeedProgress, onTile: @escaping @Sendable () -> Void = {}) async throws(SeedError) {
        let format = try seedFormat(plan)
        guard let layer = services.layers[plan.layer] else { throw .unknownLayer(plan.layer) }
        let job: BatchRender
        if let animated = services.animations[plan.layer] {
            let recipe: AnimationRecipe
            do { recipe = try AnimationRecipe(animated, scale: plan.scale, format: format) } catch { throw .invalid("\(error)") }
            job = BatchRender(recipe: recipe, sink: AnimationSeedSink(recipe), workers: services.renders.pool,
                              resume: plan.resume, inFlight: plan.jobs)
        } else {
            let recipe = LayerRecipe(service: layer, scale: plan.scale, format: format)
            job = BatchRender(recipe: recipe, sink: LayerSeedSink(recipe), workers: services.renders.pool,
                              resume: plan.resume, inFlight: plan.jobs)
        }
        // Only a sink's failure ends a batch early, and the cache's sinks do not fail: a store the
        // disk cannot take (full) is counted and logged by the cache, as for a miss.
        _ = try? await job.run(plan.tiles, shouldStop: { Task.isCancelled }) { tile, outcome in
            progress.record(tile, outcome)
            onTile()
        }
    }

    /// The plan's format, or the layer's; animated layers have only APNG and animated WebP. A
    /// region's zooms must lie within the layer's (a tile beyond them is a 404, never stored).
    private func seedFormat(_ plan: SeedPlan) throws(SeedError) -> ImageFormat {
        guard let layer = services.layers[plan.layer] else { throw .unknownLayer(plan.layer) }
        let zooms = layer.layer.minzoom...layer.layer.maxzoom
        if case .region(_, let asked) = plan.tiles.origin, !(zooms.contains(asked.lowerBound) && zooms.contains(asked.upperBound)) {
            throw .invalid("zooms \(asked.lowerBound)…\(asked.upperBound) go beyond layer '\(plan.layer)' (\(zooms.lowerBound)…\(zooms.upperBound))")
        }
        let format = plan.format ?? layer.layer.format
        if services.animations[plan.layer] != nil, format == .jpeg {
            throw .invalid("animated layer '\(plan.layer)' has .png (APNG) and .webp (animated WebP) tiles, not jpg")
        }
        guard [1, 2].contains(plan.scale) else { throw .invalid("scale must be 1 or 2") }
        return format
    }
}
