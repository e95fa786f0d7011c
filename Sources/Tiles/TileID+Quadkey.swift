extension TileID {
    /// Bing Maps' quadkey: one digit 0-3 per zoom level (empty at zoom 0).
    public var quadkey: String {
        var digits: [UInt8] = []
        digits.reserveCapacity(z)
        for level in stride(from: z, to: 0, by: -1) {
            let mask = 1 << (level - 1)
            var digit: UInt8 = 0
            if x & mask != 0 { digit += 1 }
            if y & mask != 0 { digit += 2 }
            digits.append(UInt8(ascii: "0") + digit)
        }
        return String(decoding: digits, as: UTF8.self)
    }

    /// The tile a quadkey names.
    public init(quadkey: String) throws(Invalid) {
        guard quadkey.utf8.count <= TileID.maximumZoom else {
            throw Invalid(problem: "quadkey '\(quadkey)' is deeper than zoom \(TileID.maximumZoom)")
        }
        var x = 0, y = 0
        for character in quadkey.utf8 {
            guard character >= UInt8(ascii: "0"), character <= UInt8(ascii: "3") else {
                throw Invalid(problem: "quadkey '\(quadkey)' may only use the digits 0 to 3")
            }
            let digit = Int(character - UInt8(ascii: "0"))
            x = x << 1 | (digit & 1)
            y = y << 1 | (digit >> 1)
        }
        self.init(unchecked: quadkey.utf8.count, x, y)
    }
}
