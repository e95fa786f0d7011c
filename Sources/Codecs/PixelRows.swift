/// Read-only view of a surface's premultiplied ARGB32 pixels for the encoders' hot loops.
struct PixelRows {
    let base: UnsafePointer<UInt32>
    let stride: Int
    let width: Int
    let height: Int

    @inline(__always)
    func row(_ y: Int) -> UnsafePointer<UInt32> { base + y * stride }

    /// ANDs every pixel of rows `start..<height` into `accumulator`; alpha 255 survives only if all are opaque.
    func andAll(from start: Int, into accumulator: inout UInt32) {
        var result = accumulator
        for y in start..<height {
            let row = row(y)
            for x in 0..<width { result &= row[x] }
            if result < 0xFF00_0000 { break }
        }
        accumulator = result
    }
}
