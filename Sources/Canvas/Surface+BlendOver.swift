extension Surface {
    /// Composites one premultiplied ARGB32 colour over the pixels in columns `columns` of rows
    /// `rows` (Porter-Duff OVER), with pixman's rounding: each channel becomes
    /// `source + dest × (255 − sourceAlpha) / 255`, rounded as Cairo does. For many solid rectangles
    /// (a mosaic's cells) this avoids a path, a pattern and a composite call per rectangle; four
    /// pixels are blended at a time.
    public func blendOver(premultiplied color: UInt32, columns: Range<Int>, rows: Range<Int>) {
        let columns = columns.clamped(to: 0..<width), rows = rows.clamped(to: 0..<height)
        guard !columns.isEmpty, !rows.isEmpty, color != 0 else { return }
        let inverseAlpha = SIMD16<UInt16>(repeating: UInt16(255 - (color >> 24)))
        let source = unsafeBitCast(SIMD4<UInt32>(repeating: color), to: SIMD16<UInt8>.self)
        withMutablePixels { pixels, stride in
            let base = UnsafeMutableRawPointer(pixels.baseAddress!)
            for y in rows {
                var x = columns.lowerBound
                while x + 4 <= columns.upperBound {
                    let address = base + (y * stride + x) * 4
                    let dest = address.loadUnaligned(as: SIMD16<UInt8>.self)
                    address.storeBytes(of: Self.over(source, dest, inverseAlpha), as: SIMD16<UInt8>.self)
                    x += 4
                }
                while x < columns.upperBound {
                    let address = base + (y * stride + x) * 4
                    var dest = SIMD16<UInt8>(repeating: 0)
                    dest[0] = address.load(fromByteOffset: 0, as: UInt8.self)
                    dest[1] = address.load(fromByteOffset: 1, as: UInt8.self)
                    dest[2] = address.load(fromByteOffset: 2, as: UInt8.self)
                    dest[3] = address.load(fromByteOffset: 3, as: UInt8.self)
                    let blended = Self.over(source, dest, inverseAlpha)
                    for byte in 0..<4 { address.storeBytes(of: blended[byte], toByteOffset: byte, as: UInt8.self) }
                    x += 1
                }
            }
        }
    }

    /// `source + round(dest × inverseAlpha / 255)` per byte, as pixman's `UN8x4_MUL_UN8_ADD_UN8x4`.
    @inline(__always)
    private static func over(_ source: SIMD16<UInt8>, _ dest: SIMD16<UInt8>, _ inverseAlpha: SIMD16<UInt16>) -> SIMD16<UInt8> {
        let t = SIMD16<UInt16>(truncatingIfNeeded: dest) &* inverseAlpha &+ 0x80
        let scaled = SIMD16<UInt8>(truncatingIfNeeded: (t &+ (t &>> 8)) &>> 8)
        return scaled &+ source  // never above 255: scaled ≤ 255 − alpha and every premultiplied channel ≤ alpha
    }
}
