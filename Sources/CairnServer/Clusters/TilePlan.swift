import Clusters
import Tiles

/// One cluster tile a client asked for, `/clusters/{dataset}/{z}/{x}/{y}.mvt` or `…/{y}[@2x].png|webp`,
/// parsed and range-checked, with the cache key that names it under the dataset's `version`.
struct TilePlan {
    let request: TileRequest
    /// A vector tile (`.mvt`, `.pbf`), not an overlay image.
    let vector: Bool
    let key: String

    init(_ name: String, z: String, x: String, file: String, dataset: ServerConfig.Dataset, version: String) throws {
        vector = file.hasSuffix(".mvt") || file.hasSuffix(".pbf")
        request = try TileRequest.parse(layer: name, z: z, x: x, file: vector ? String(file.dropLast(4)) + ".png" : file)
        if vector, request.scale != 1 { throw ServeError.notFound("vector tiles have no @2x") }
        let tile = request.tile
        guard (dataset.minzoom...dataset.maxzoom).contains(tile.z) else {
            throw ServeError.notFound("zoom \(tile.z) is outside \(dataset.minzoom)…\(dataset.maxzoom)")
        }
        key = "_clusters/\(name)/\(version)/" + (vector ? "\(tile.z)/\(tile.x)/\(tile.y).mvt" : request.cacheKey)
    }
}
