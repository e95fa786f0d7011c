import Clusters
import Tiles

/// One cluster tile a client asked for, `/clusters/{dataset}/{z}/{x}/{y}.mvt` or `…/{y}[@2x].png|webp`,
/// parsed and range-checked, with the cache key that names it under the dataset's `version`.
struct TilePlan {
    let request: TileRequest
    /// A vector tile (`.mvt`, `.pbf`), not an overlay image.
    let vector: Bool
    /// What a vector tile's clusters carry of where their points reach (`?extent=`); nil for an image.
    let extent: ClusterExtent?
    let key: String

    init(_ name: String, z: String, x: String, file: String, dataset: ServerConfig.Dataset, version: String,
         extent: ClusterExtent? = nil) throws {
        vector = file.hasSuffix(".mvt") || file.hasSuffix(".pbf")
        request = try TileRequest.parse(layer: name, z: z, x: x, file: vector ? String(file.dropLast(4)) + ".png" : file)
        if vector, request.scale != 1 { throw ServeError.notFound("vector tiles have no @2x") }
        let tile = request.tile
        guard (dataset.minzoom...dataset.maxzoom).contains(tile.z) else {
            throw ServeError.notFound("zoom \(tile.z) is outside \(dataset.minzoom)…\(dataset.maxzoom)")
        }
        self.extent = vector ? extent : nil
        // A path never holds `?`, so a tile with an extent has a key no path spells; its extension
        // stays last, as it names what the answer is.
        key = Self.key(name, version: version, tile: vector ? "\(tile.z)/\(tile.x)/\(tile.y)" + (self.extent.map { "?extent=" + $0.rawValue } ?? "") + ".mvt"
                                                           : request.path)
    }

    /// The cache key of the tile `tile` (`7/64/40.png`, `8/1/2.mvt`) of dataset `name` under its `version`,
    /// written into one string of its length (each `+` past 15 bytes is an allocation of its own).
    static func key(_ name: String, version: String, tile: some StringProtocol) -> String {
        var key = "_clusters/"
        key.reserveCapacity(key.utf8.count + name.utf8.count + version.utf8.count + tile.utf8.count + 2)
        key += name
        key += "/"
        key += version
        key += "/"
        key += tile
        return key
    }
}
