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

    /// The encoder for overlay tiles in `format`: cluster badges, a grid or a watermark on a
    /// transparent tile (the server's cluster tiles, `cairn render --source none`). Such a tile is
    /// mostly transparent and drawn in flat colours, so its PNG rows are written unfiltered: on the
    /// sample cities' busiest zoom-5 overlay tiles (27–32 badges) that was 17 % faster to encode than
    /// the map tiles' `.sub` (0.73 against 0.88 ms) and 17 % smaller (23 against 28 kB). Other
    /// formats use their default encoder.
    public static func overlay(for format: ImageFormat) -> ImageEncoder {
        format == .png ? .png(PNGEncoder(filter: .none)) : .default(for: format)
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
