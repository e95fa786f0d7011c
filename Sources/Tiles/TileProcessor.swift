import Canvas
import Codecs

/// Runs a renderer chain over one encoded tile: bytes in, bytes out. An empty chain passes the bytes
/// through untouched, without decoding (MapProxy's lazy image results), unless `recode` is set or
/// another output format is asked for.
public struct TileProcessor: Sendable {
    public let chain: RendererChain
    /// The output encoder; nil keeps the input's format with default settings.
    public let encoder: ImageEncoder?
    public let recode: Bool
    public let limits: DecodeLimits

    public init(chain: RendererChain, encoder: ImageEncoder? = nil, recode: Bool = false, limits: DecodeLimits = .default) {
        self.chain = chain
        self.encoder = encoder
        self.recode = recode
        self.limits = limits
    }

    /// The processed tile and its format. Throws `CodecError` for input that is not an image Cairn
    /// decodes, and whatever a renderer throws.
    public func process(_ bytes: [UInt8], tile: TileID?) throws -> (bytes: [UInt8], format: ImageFormat) {
        guard let inputFormat = ImageFormat.sniff(bytes) else {
            throw bytes.isEmpty ? CodecError.empty : CodecError.unknownFormat
        }
        let outputEncoder = encoder ?? ImageEncoder.default(for: inputFormat)
        if chain.isEmpty, !recode, outputEncoder.format == inputFormat {
            return (bytes, inputFormat)
        }
        var image = try ImageDecoder.decode(bytes, limits: limits)
        try chain.render(&image, context: RenderContext(tile: tile, scale: RenderContext.scale(forTileSide: image.width)))
        return (try outputEncoder.encode(image), outputEncoder.format)
    }
}
