import Foundation
internal import CCodecs

/// A libdeflate compressor for one level plus the PNG writer's scratch buffers.
/// Not thread-safe: take one from ``DeflateContext/take(level:)`` and give it back when done.
final class DeflateContext {
    let level: Int
    let compressor: OpaquePointer
    /// Filtered scanlines, the input to the compressor.
    let raw = ScratchBuffer()
    /// The compressed zlib stream.
    let compressed = ScratchBuffer()
    /// Palette indices, one byte a pixel.
    let indices = ScratchBuffer()
    /// Unfiltered current and previous rows and the adaptive filter's candidates.
    let rows = ScratchBuffer()

    private init?(level: Int) {
        guard let compressor = libdeflate_alloc_compressor(Int32(level)) else { return nil }
        self.level = level
        self.compressor = compressor
    }

    deinit { libdeflate_free_compressor(compressor) }

    /// Compresses `count` bytes at `input` as a zlib stream into ``compressed``; returns its size (0 on failure).
    func zlibCompress(_ input: UnsafePointer<UInt8>, count: Int) -> (UnsafeMutablePointer<UInt8>, Int) {
        let bound = libdeflate_zlib_compress_bound(compressor, count)
        let output = compressed.bytes(bound)
        let size = libdeflate_zlib_compress(compressor, input, count, output, bound)
        return (output, size)
    }

    // MARK: Pool

    private static let lock = NSLock()
    nonisolated(unsafe) private static var idle: [DeflateContext] = []
    private static let maximumIdle = 8
    private static let retainedScratch = 4 << 20

    /// An idle context for `level` (0…12), or a new one; `nil` only when libdeflate cannot allocate.
    static func take(level: Int) -> DeflateContext? {
        lock.lock()
        if let index = idle.lastIndex(where: { $0.level == level }) {
            let context = idle.remove(at: index)
            lock.unlock()
            return context
        }
        lock.unlock()
        return DeflateContext(level: level)
    }

    /// Returns a context to the pool (dropping large scratch memory, and the context itself when the pool is full).
    static func give(_ context: DeflateContext) {
        for buffer in [context.raw, context.compressed, context.indices, context.rows] {
            buffer.trim(above: retainedScratch)
        }
        lock.lock()
        defer { lock.unlock() }
        if idle.count >= maximumIdle { idle.removeFirst() }
        idle.append(context)
    }
}
