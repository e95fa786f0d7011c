extension Surface {
    /// Composites one premultiplied ARGB32 colour over the pixels in columns `columns` of rows
    /// `rows` (Porter-Duff OVER), with pixman's rounding: each channel becomes
    /// `source + dest × (255 − sourceAlpha) / 255`, rounded as Cairo does. For many solid rectangles
    /// (a mosaic's cells) this avoids a path, a pattern and a composite call per rectangle; four
    /// pixels are blended at a time.
    public func blendOver(premultiplied color: UInt32, columns: Range<Int>, rows: Range<Int>) {
        let columns = columns.clamped(to: 0..<width), rows = rows.clamped(to: 0..<height)
        guard !columns.isEmpty, !rows.isEmpty, color != 0 else { return }
        let inverseAlpha = SIMD8<UInt16>(repeating: UInt16(255 - (color >> 24)))
        let source = unsafeBitCast(SIMD4<UInt32>(repeating: color), to: SIMD8<UInt16>.self)
        withMutablePixels { pixels, stride in
            let base = UnsafeMutableRawPointer(pixels.baseAddress!)
            for y in rows {
                var x = columns.lowerBound
                while x + 4 <= columns.upperBound {
                    let address = base + (y * stride + x) * 4
                    let dest = address.loadUnaligned(as: SIMD8<UInt16>.self)
                    address.storeBytes(of: Self.over(source, dest, inverseAlpha), as: SIMD8<UInt16>.self)
                    x += 4
                }
                while x < columns.upperBound {
                    let address = base + (y * stride + x) * 4
                    let dest = unsafeBitCast(SIMD4<UInt32>(address.load(as: UInt32.self), 0, 0, 0), to: SIMD8<UInt16>.self)
                    let blended = unsafeBitCast(Self.over(source, dest, inverseAlpha), to: SIMD4<UInt32>.self)
                    address.storeBytes(of: blended[0], as: UInt32.self)
                    x += 1
                }
            }
        }
    }

    /// `source + round(dest × inverseAlpha / 255)` per byte, as pixman's `UN8x4_MUL_UN8_ADD_UN8x4`:
    /// the even and the odd bytes of the pixels are scaled in 16-bit lanes, side by side.
    @inline(__always)
    private static func over(_ source: SIMD8<UInt16>, _ dest: SIMD8<UInt16>, _ inverseAlpha: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let even = scaled(dest & 0x00FF, inverseAlpha), odd = scaled(dest &>> 8, inverseAlpha)
        // never above 255 a byte: scaled ≤ 255 − alpha and every premultiplied channel ≤ alpha
        return (even | (odd &<< 8)) &+ source
    }

    /// `round(value × factor / 255)` for values and factors up to 255 (no lane overflows 16 bits).
    @inline(__always)
    private static func scaled(_ value: SIMD8<UInt16>, _ factor: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let t = value &* factor &+ 0x80
        return (t &+ (t &>> 8)) &>> 8
    }
}
