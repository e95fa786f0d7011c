internal import CCodecs

extension PNGEncoder {
    /// The instruction-set paths of ``Compressor/simd``. The best the CPU supports is chosen once, at
    /// the first encode; `CAIRN_PNG_SIMD=avx2|sse4.1|portable` in the environment forces one (a path the
    /// CPU lacks falls back to the best it has). All paths write the same bytes.
    public enum SIMDPath: String, Sendable, CaseIterable {
        /// Plain C, for any CPU.
        case portable
        /// 16-byte vectors (SSE4.1, with PCLMULQDQ for the CRC).
        case sse41 = "sse4.1"
        /// 32-byte vectors (AVX2, with PCLMULQDQ for the CRC).
        case avx2

        /// The path encoders use.
        public static var active: SIMDPath { SIMDPath(code: cairn_png_fast_active_path()) }

        /// Whether this CPU can run the path.
        public var isSupported: Bool { cairn_png_fast_path_supported(code) != 0 }

        var code: Int32 {
            switch self {
            case .portable: return CAIRN_PNG_PATH_PORTABLE
            case .sse41: return CAIRN_PNG_PATH_SSE41
            case .avx2: return CAIRN_PNG_PATH_AVX2
            }
        }

        init(code: Int32) {
            self = code == CAIRN_PNG_PATH_AVX2 ? .avx2 : code == CAIRN_PNG_PATH_SSE41 ? .sse41 : .portable
        }
    }
}
