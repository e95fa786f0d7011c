/// PMTiles tile ids: tiles numbered zoom by zoom (every tile of zoom z comes after the 4^0 + … +
/// 4^(z-1) tiles of the zooms above) and, inside a zoom, along the Hilbert curve, so tiles close
/// on the map are close in the archive.
extension TileID {
    /// The first id of zoom `z`: (4^z - 1) / 3.
    static func pmtilesFirstID(zoom z: Int) -> UInt64 { ((1 << (2 * UInt64(z))) - 1) / 3 }

    /// This tile's PMTiles id.
    public var pmtilesID: UInt64 {
        var x = UInt64(self.x), y = UInt64(self.y)
        var distance: UInt64 = 0
        var side = z == 0 ? 0 : UInt64(1) << (z - 1)
        while side > 0 {
            let rx: UInt64 = x & side > 0 ? 1 : 0
            let ry: UInt64 = y & side > 0 ? 1 : 0
            distance += side * side * ((3 * rx) ^ ry)
            Self.rotate(side, &x, &y, rx, ry)
            side >>= 1
        }
        return Self.pmtilesFirstID(zoom: z) + distance
    }

    /// The tile a PMTiles id names; throws for ids beyond zoom ``maximumZoom``.
    public init(pmtilesID id: UInt64) throws(Invalid) {
        var z = 0
        while z < TileID.maximumZoom && id >= Self.pmtilesFirstID(zoom: z + 1) { z += 1 }
        let distance = id - Self.pmtilesFirstID(zoom: z)
        guard distance < UInt64(1) << (2 * UInt64(z)) else {
            throw Invalid(problem: "tile id \(id) is beyond zoom \(TileID.maximumZoom)")
        }
        var x: UInt64 = 0, y: UInt64 = 0, t = distance
        var side: UInt64 = 1
        while side < UInt64(1) << z {
            let rx = 1 & (t / 2)
            let ry = 1 & (t ^ rx)
            Self.rotate(side, &x, &y, rx, ry)
            x += side * rx
            y += side * ry
            t /= 4
            side <<= 1
        }
        self.init(unchecked: z, Int(x), Int(y))
    }

    /// The Hilbert curve's quadrant rotation.
    private static func rotate(_ side: UInt64, _ x: inout UInt64, _ y: inout UInt64, _ rx: UInt64, _ ry: UInt64) {
        guard ry == 0 else { return }
        if rx == 1 {
            x = side &- 1 &- x
            y = side &- 1 &- y
        }
        swap(&x, &y)
    }
}
