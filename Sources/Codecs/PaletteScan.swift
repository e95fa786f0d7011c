/// Finds whether an image has at most 256 distinct colours and, if so, maps it to palette indices,
/// in one pass: a 1024-slot open-addressing hash table keyed by the premultiplied pixel, with a
/// shortcut for runs of the same colour. Gives up as soon as a 257th colour appears.
struct PaletteScan {
    /// Distinct premultiplied colours in order of first appearance.
    var colors: [UInt32]
    /// True when every pixel is opaque.
    var opaque: Bool

    /// Scans `image`, writing one index per pixel to `indices` (`width * height` bytes, row by row).
    /// Returns `nil` after the 257th colour, with `alpha` holding the AND of every pixel seen and
    /// `stoppedAt` the first row not fully scanned.
    static func scan(_ image: PixelRows, indices: UnsafeMutablePointer<UInt8>,
                     alpha: inout UInt32, stoppedAt: inout Int) -> PaletteScan? {
        let slots = 1024
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: slots + 256) { keysAndColors in
            withUnsafeTemporaryAllocation(of: UInt16.self, capacity: slots) { values in
                let keys = keysAndColors.baseAddress!
                let colors = keys + slots
                values.initialize(repeating: 0)  // 0 = empty slot, else index + 1
                let width = image.width
                var count = 0
                var and: UInt32 = 0xFFFF_FFFF
                var last = image.row(0)[0]
                var lastIndex: UInt8 = 0
                keys[Self.slot(of: last)] = last
                values[Self.slot(of: last)] = 1
                colors[0] = last
                count = 1
                and &= last
                for y in 0..<image.height {
                    let row = image.row(y)
                    let out = indices + y * width
                    var x = 0
                    while x < width {
                        let pixel = row[x]
                        if pixel == last {
                            // Runs of one colour are the common case: compare four pixels at a time.
                            var end = x &+ 1
                            let pair = UInt64(last) | UInt64(last) &<< 32
                            while end &+ 4 <= width {
                                let raw = UnsafeRawPointer(row + end)
                                guard raw.loadUnaligned(as: UInt64.self) == pair,
                                      raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == pair else { break }
                                end &+= 4
                            }
                            while end < width, row[end] == last { end &+= 1 }
                            (out + x).update(repeating: lastIndex, count: end &- x)
                            x = end
                            continue
                        }
                        var slot = Self.slot(of: pixel)
                        var index: Int
                        while true {
                            let value = values[slot]
                            if value == 0 {
                                if count == 256 {
                                    alpha = and
                                    stoppedAt = y
                                    return nil
                                }
                                keys[slot] = pixel
                                colors[count] = pixel
                                count += 1
                                values[slot] = UInt16(count)
                                index = count - 1
                                and &= pixel
                                break
                            }
                            if keys[slot] == pixel {
                                index = Int(value) - 1
                                break
                            }
                            slot = (slot + 1) & (slots - 1)
                        }
                        lastIndex = UInt8(truncatingIfNeeded: index)
                        last = pixel
                        out[x] = lastIndex
                        x &+= 1
                    }
                }
                alpha = and
                stoppedAt = image.height
                return PaletteScan(colors: Array(UnsafeBufferPointer(start: colors, count: count)),
                                   opaque: and >= 0xFF00_0000)
            }
        }
    }

    @inline(__always)
    private static func slot(of pixel: UInt32) -> Int {
        Int((pixel &* 0x9E37_79B1) >> 22)
    }
}
