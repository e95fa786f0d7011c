/// Conversions between straight and premultiplied 8-bit alpha, rounding as Cairo/pixman do.
public enum Premultiply {
    /// `round(value * alpha / 255)`.
    @inlinable
    public static func premultiply(_ value: UInt8, alpha: UInt8) -> UInt8 {
        let t = UInt32(value) * UInt32(alpha) + 0x80
        return UInt8(truncatingIfNeeded: (t + (t >> 8)) >> 8)
    }

    /// `round(value * 255 / alpha)`, clamped to 255; 0 when alpha is 0.
    @inlinable
    public static func unpremultiply(_ value: UInt8, alpha: UInt8) -> UInt8 {
        if alpha == 255 { return value }
        if alpha == 0 { return 0 }
        let result = (UInt32(value) * 255 + UInt32(alpha) / 2) / UInt32(alpha)
        return UInt8(min(result, 255))
    }
}
