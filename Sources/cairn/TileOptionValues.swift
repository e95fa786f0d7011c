import Tiles

/// `--bbox W,S,E,N`: a region in degrees (west > east crosses the antimeridian). Declared with
/// `parsing: .unconditional`, so that a west of `-10` is not taken for an option.
extension BoundingBox: OptionValue {
    static let option = "--bbox"

    static func parse(_ text: String) throws(OptionValueError) -> BoundingBox {
        do { return try BoundingBox(parsing: text) } catch { throw OptionValueError(option, error) }
    }
}

/// `--shard I/N`: part I (0-based) of N of a tile list.
extension Shard: OptionValue {
    static let option = "--shard"

    static func parse(_ text: String) throws(OptionValueError) -> Shard {
        do { return try Shard(parsing: text) } catch { throw OptionValueError(option, error) }
    }
}

/// `--tile Z/X/Y`: one tile's coordinates.
extension TileID: OptionValue {
    static let option = "--tile"

    static func parse(_ text: String) throws(OptionValueError) -> TileID {
        do { return try TileID(path: text) } catch { throw OptionValueError(option, error) }
    }
}
