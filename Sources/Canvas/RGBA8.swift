/// One pixel with straight (not premultiplied) 8-bit channels.
public struct RGBA8: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// Converts a premultiplied ARGB32 pixel to straight alpha.
    @inlinable
    public init(premultiplied argb: UInt32) {
        let a = UInt8(truncatingIfNeeded: argb >> 24)
        self.init(r: Premultiply.unpremultiply(UInt8(truncatingIfNeeded: argb >> 16), alpha: a),
                  g: Premultiply.unpremultiply(UInt8(truncatingIfNeeded: argb >> 8), alpha: a),
                  b: Premultiply.unpremultiply(UInt8(truncatingIfNeeded: argb), alpha: a),
                  a: a)
    }

    /// The premultiplied ARGB32 pixel for this colour.
    @inlinable
    public var premultiplied: UInt32 {
        UInt32(a) << 24
            | UInt32(Premultiply.premultiply(r, alpha: a)) << 16
            | UInt32(Premultiply.premultiply(g, alpha: a)) << 8
            | UInt32(Premultiply.premultiply(b, alpha: a))
    }

    /// Largest per-channel difference to another pixel.
    public func distance(to other: RGBA8) -> Int {
        max(abs(Int(r) - Int(other.r)), abs(Int(g) - Int(other.g)),
            abs(Int(b) - Int(other.b)), abs(Int(a) - Int(other.a)))
    }

    public var description: String { "rgba(\(r),\(g),\(b),\(a))" }
}

extension Color {
    /// The 8-bit pixel for this colour.
    public var pixel: RGBA8 {
        let c = rgba8
        return RGBA8(r: c.r, g: c.g, b: c.b, a: c.a)
    }
}
