internal import CCodecs

/// gzip (RFC 1952) with libdeflate: what HTTP's `Content-Encoding: gzip` carries.
public enum Gzip {
    /// `bytes` gzipped at `level` (1…12; 6 is zlib's default balance).
    public static func compress(_ bytes: [UInt8], level: Int = 6) -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(Int32(level)) else { fatalError("libdeflate: out of memory") }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_gzip_compress_bound(compressor, bytes.count)
        var output = [UInt8](repeating: 0, count: bound)
        let size = bytes.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { libdeflate_gzip_compress(compressor, input.baseAddress, input.count, $0.baseAddress, bound) }
        }
        precondition(size > 0, "libdeflate_gzip_compress: the bound was too small")
        output.removeSubrange(size...)
        return output
    }
}
