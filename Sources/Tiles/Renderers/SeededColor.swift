import Canvas

/// Deterministic "random" colours: a SplitMix64 hash of the tile's coordinates, a cell index and a
/// user seed. The same tile always gets the same colours (cache-friendly, testable); neighbours differ.
enum SeededColor {
    static func hash(_ values: [Int]) -> UInt64 {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for value in values {
            state ^= UInt64(bitPattern: Int64(value))
            state = mix(state &+ 0x9E37_79B9_7F4A_7C15)
        }
        return state
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A colour for `values`: from `palette` when one is given, else a vivid random hue.
    static func color(_ values: [Int], palette: [Color], alpha: Double) -> Color {
        let h = hash(values)
        if !palette.isEmpty { return palette[Int(h % UInt64(palette.count))].withAlpha(alpha) }
        let hue = Double(h & 0xFFFF) / 65536 * 360
        let saturation = 0.55 + Double((h >> 16) & 0xFF) / 255 * 0.45
        let value = 0.6 + Double((h >> 24) & 0xFF) / 255 * 0.4
        return Color(hue: hue, saturation: saturation, value: value, alpha: alpha)
    }

    /// The coordinates a tile contributes to the hash (a tile without coordinates hashes as -1/-1/-1).
    static func coordinates(_ tile: TileID?) -> [Int] { tile.map { [$0.z, $0.x, $0.y] } ?? [-1, -1, -1] }
}
