internal import CCodecs

extension Gzip {
    /// Why gzipped bytes could not be decompressed.
    public enum DecompressError: Error, Equatable, CustomStringConvertible, Sendable {
        /// Not a gzip member, or a damaged one (bad header, bad deflate stream, CRC mismatch).
        case corrupt
        /// The decompressed bytes would pass the caller's limit.
        case tooLarge(limit: Int)

        public var description: String {
            switch self {
            case .corrupt: "not valid gzip data"
            case .tooLarge(let limit): "gzip data decompresses to more than \(limit) bytes"
            }
        }
    }

    /// The bytes of the first gzip member in `bytes` (RFC 1952), at most `limit` of them.
    /// The member's size trailer (within what deflate can expand to) is the first guess for the
    /// output size, doubled until the
    /// member fits or the limit is reached, so a member lying about its size still decodes and a
    /// compression bomb stops at `limit`.
    public static func decompress(_ bytes: [UInt8], limit: Int = 64 << 20) throws(DecompressError) -> [UInt8] {
        guard bytes.count >= 18, bytes[0] == 0x1F, bytes[1] == 0x8B else { throw .corrupt }
        guard let decompressor = libdeflate_alloc_decompressor() else { fatalError("libdeflate: out of memory") }
        defer { libdeflate_free_decompressor(decompressor) }
        let trailer = bytes[(bytes.count - 4)...].reversed().reduce(0) { $0 << 8 | Int($1) }
        // Deflate expands at most 1032-fold: a trailer claiming more is not believed up front.
        var capacity = min(limit, max(64, min(trailer, bytes.count * 1032)))
        while true {
            var output = [UInt8](repeating: 0, count: capacity)
            var produced = 0
            let result = bytes.withUnsafeBytes { input in
                output.withUnsafeMutableBytes {
                    libdeflate_gzip_decompress(decompressor, input.baseAddress, input.count, $0.baseAddress, capacity, &produced)
                }
            }
            switch result {
            case LIBDEFLATE_SUCCESS:
                output.removeSubrange(produced...)
                return output
            case LIBDEFLATE_INSUFFICIENT_SPACE:
                guard capacity < limit else { throw .tooLarge(limit: limit) }
                capacity = min(limit, capacity * 2)
            default:
                throw .corrupt
            }
        }
    }
}
