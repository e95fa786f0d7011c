import Canvas

/// The choice of output format and its options, as the command line and the server pick it.
public enum ImageEncoder: SurfaceEncoder, Equatable, Hashable {
    /// Cairn's fast PNG writer with its options.
    case png(PNGEncoder)
    /// A baseline JPEG of this quality (1…100); translucent pixels are composited over white.
    case jpeg(quality: Int)
    /// A WebP of this quality (0…100), lossy or lossless.
    case webp(quality: Int, lossless: Bool)

    /// The default encoder for a format: PNG with ``PNGEncoder``'s defaults, JPEG quality 85, lossy WebP quality 80.
    public static func `default`(for format: ImageFormat) -> ImageEncoder {
        switch format {
        case .png: return .png(PNGEncoder())
        case .jpeg: return .jpeg(quality: JPEGEncoder().quality)
        case .webp: return .webp(quality: WebPEncoder().quality, lossless: false)
        }
    }

    /// The format of the bytes ``encode(_:)`` returns.
    public var format: ImageFormat {
        switch self {
        case .png: return .png
        case .jpeg: return .jpeg
        case .webp: return .webp
        }
    }

    /// Encodes the surface in the chosen format.
    public func encode(_ surface: Surface) throws(CodecError) -> [UInt8] {
        switch self {
        case .png(let encoder): return try encoder.encode(surface)
        case .jpeg(let quality): return try JPEGEncoder(quality: quality).encode(surface)
        case .webp(let quality, let lossless): return try WebPEncoder(quality: quality, lossless: lossless).encode(surface)
        }
    }
}

/// Another name for ``ImageEncoder``, for code that reads better as options (`EncodeOptions.png(…)`).
public typealias EncodeOptions = ImageEncoder
