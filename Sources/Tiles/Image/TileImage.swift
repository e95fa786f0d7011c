import Canvas
import Codecs

/// A tile as it flows from a source to the chain: the encoded bytes as fetched (so a pass-through
/// chain never decodes them, as MapProxy's image results do), or pixels a source already had to
/// make (an over-zoomed crop of an ancestor).
public enum TileImage: Sendable {
    /// PNG, JPEG or WebP bytes exactly as the source holds them.
    case encoded([UInt8])
    /// Decoded pixels, with the format of the image they came from (the default output format).
    case decoded(Surface, format: ImageFormat)

    /// The encoded bytes, nil for decoded pixels.
    public var bytes: [UInt8]? {
        if case .encoded(let bytes) = self { return bytes }
        return nil
    }

    /// The image's format: sniffed from the bytes, or the one the pixels came from.
    public var format: ImageFormat? {
        switch self {
        case .encoded(let bytes): ImageFormat.sniff(bytes)
        case .decoded(_, let format): format
        }
    }

    /// The pixels, decoding the bytes within `limits`.
    public func surface(limits: DecodeLimits = .default) throws -> Surface {
        switch self {
        case .encoded(let bytes): try ImageDecoder.decode(bytes, limits: limits)
        case .decoded(let surface, _): surface
        }
    }
}
