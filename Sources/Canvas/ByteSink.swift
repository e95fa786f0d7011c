import CCairo

/// Collects the bytes Cairo writes through a `cairo_write_func_t` (vector documents, Cairo's PNG writer).
final class ByteSink {
    var bytes: [UInt8] = []

    /// Calls `body` with a C write function and its closure argument appending to ``bytes``.
    func withWriteFunction<R>(_ body: (cairo_write_func_t, UnsafeMutableRawPointer) throws -> R) rethrows -> R {
        let write: cairo_write_func_t = { closure, data, length in
            let sink = Unmanaged<ByteSink>.fromOpaque(closure!).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }
        return try withExtendedLifetime(self) {
            try body(write, Unmanaged.passUnretained(self).toOpaque())
        }
    }
}
