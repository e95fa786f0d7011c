/// Finds whether an image has at most 256 distinct colours and, if so, maps it to palette indices,
/// in one pass over a ``PaletteTable``. Gives up as soon as a 257th colour appears.
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
        PaletteTable.withTable { table in
            let complete = table.add(image, indices: indices, stoppedAt: &stoppedAt)
            alpha = table.and
            return complete ? table.result : nil
        }
    }
}

/// The hash table behind ``PaletteScan``: 1024 open-addressing slots keyed by the premultiplied pixel,
/// with a shortcut for runs of the same colour. It can take several images (an animation's frames) in
/// turn, so that they share one palette.
struct PaletteTable {
    private static let slots = 1024
    private let keys: UnsafeMutablePointer<UInt32>
    private let colors: UnsafeMutablePointer<UInt32>
    /// 0 = empty slot, else index + 1.
    private let values: UnsafeMutablePointer<UInt16>
    /// Distinct colours so far.
    private(set) var count = 0
    /// The AND of every pixel seen.
    private(set) var and: UInt32 = 0xFFFF_FFFF

    /// Runs `body` with an empty table in temporary memory.
    static func withTable<R>(_ body: (inout PaletteTable) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: slots + 256) { keysAndColors in
            withUnsafeTemporaryAllocation(of: UInt16.self, capacity: slots) { values in
                values.initialize(repeating: 0)
                var table = PaletteTable(keys: keysAndColors.baseAddress!, colors: keysAndColors.baseAddress! + slots,
                                         values: values.baseAddress!)
                return body(&table)
            }
        }
    }

    /// The palette found so far.
    var result: PaletteScan {
        PaletteScan(colors: Array(UnsafeBufferPointer(start: colors, count: count)), opaque: and >= 0xFF00_0000)
    }

    /// Adds `image`'s colours, writing one index per pixel to `indices` (`width * height` bytes, row by row).
    /// Returns false at the 257th colour, with `stoppedAt` the first row not fully scanned.
    mutating func add(_ image: PixelRows, indices: UnsafeMutablePointer<UInt8>, stoppedAt: inout Int) -> Bool {
        let width = image.width
        var last = image.row(0)[0]
        guard let first = index(of: last) else {
            stoppedAt = 0
            return false
        }
        var lastIndex = first
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
                guard let index = index(of: pixel) else {
                    stoppedAt = y
                    return false
                }
                lastIndex = index
                last = pixel
                out[x] = index
                x &+= 1
            }
        }
        stoppedAt = image.height
        return true
    }

    /// The palette index of `pixel`, added when new; nil when the palette is full.
    @inline(__always)
    private mutating func index(of pixel: UInt32) -> UInt8? {
        var slot = Int((pixel &* 0x9E37_79B1) >> 22)
        while true {
            let value = values[slot]
            if value == 0 {
                if count == 256 { return nil }
                keys[slot] = pixel
                colors[count] = pixel
                count += 1
                values[slot] = UInt16(count)
                and &= pixel
                return UInt8(truncatingIfNeeded: count - 1)
            }
            if keys[slot] == pixel { return UInt8(truncatingIfNeeded: value - 1) }
            slot = (slot + 1) & (Self.slots - 1)
        }
    }
}
