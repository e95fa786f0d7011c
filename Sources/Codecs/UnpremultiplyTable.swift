import Canvas

/// `table[alpha << 8 | value]` = `Premultiply.unpremultiply(value, alpha)`: 64 KiB, built once, so the
/// PNG writer's inner loop has no division.
nonisolated(unsafe) let unpremultiplyTable: UnsafePointer<UInt8> = {
    let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 16)
    for alpha in 0..<256 {
        for value in 0..<256 {
            table[alpha << 8 | value] = Premultiply.unpremultiply(UInt8(value), alpha: UInt8(alpha))
        }
    }
    return UnsafePointer(table)
}()
