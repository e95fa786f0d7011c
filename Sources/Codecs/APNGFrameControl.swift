/// An APNG frame's `fcTL` chunk: where its region lies, how long it shows, how it is composited.
struct APNGFrameControl {
    /// `dispose_op` 0: leave the canvas as it is for the next frame.
    static let disposeNone: UInt8 = 0
    /// `blend_op` 0: the region's pixels replace the canvas's, alpha included.
    static let blendSource: UInt8 = 0

    var region: ChangedRegion
    var delayNumerator: UInt16
    var delayDenominator: UInt16

    /// The bytes of an `fcTL` chunk's data.
    static let dataCount = 26

    /// A frame over `region` showing for `milliseconds`, as the fraction ms/1000 in lowest terms.
    /// Delays above 65.535 s that do not reduce to 16-bit terms are kept to 10 ms, 0.1 s or 1 s,
    /// whichever is the finest that fits (65 535 s at most).
    init(region: ChangedRegion, milliseconds: Int) {
        self.region = region
        var numerator = milliseconds, denominator = 1000
        let divisor = Self.gcd(numerator, denominator)
        numerator /= divisor
        denominator /= divisor
        for coarser in [100, 10, 1] where numerator > 0xFFFF {
            denominator = coarser
            numerator = (milliseconds * coarser + 500) / 1000
        }
        delayNumerator = UInt16(min(numerator, 0xFFFF))
        delayDenominator = UInt16(denominator)
    }

    /// Writes the chunk with sequence number `sequence`.
    func write(into writer: inout PNGChunkWriter, sequence: UInt32) {
        writer.writeChunk("fcTL", dataCount: Self.dataCount) { data in
            PNGChunkWriter.store(sequence, at: data)
            PNGChunkWriter.store(UInt32(region.width), at: data + 4)
            PNGChunkWriter.store(UInt32(region.height), at: data + 8)
            PNGChunkWriter.store(UInt32(region.x), at: data + 12)
            PNGChunkWriter.store(UInt32(region.y), at: data + 16)
            data[20] = UInt8(delayNumerator >> 8)
            data[21] = UInt8(truncatingIfNeeded: delayNumerator)
            data[22] = UInt8(delayDenominator >> 8)
            data[23] = UInt8(truncatingIfNeeded: delayDenominator)
            data[24] = Self.disposeNone
            data[25] = Self.blendSource
        }
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
}
