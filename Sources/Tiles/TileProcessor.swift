import Canvas
import Codecs

/// Runs a renderer chain over one tile: image in, encoded bytes out. An empty chain passes encoded
/// bytes through untouched, without decoding (MapProxy's lazy image results), unless `recode` is set
/// or another output format is asked for; passed-through bytes are checked by
/// `ImageDecoder.validate(_:limits:)` (Codecs: header, size limits, whole bytes), so a truncated or
/// impossible upstream answer is an error, not a tile.
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

    /// The format tiles come out in when the input is `input`.
    public func outputFormat(forInput input: ImageFormat) -> ImageFormat {
        encoder?.format ?? input
    }

    /// The processed tile and its format. Throws `CodecError` for input that is not an image Cairn
    /// decodes, and whatever a renderer throws.
    public func process(_ bytes: [UInt8], tile: TileID?) throws -> (bytes: [UInt8], format: ImageFormat) {
        try process(.encoded(bytes), tile: tile)
    }

    /// The processed tile and its format, from bytes or from pixels a source made.
    public func process(_ input: TileImage, tile: TileID?) throws -> (bytes: [UInt8], format: ImageFormat) {
        guard let inputFormat = input.format else {
            throw input.bytes?.isEmpty == true ? CodecError.empty : CodecError.unknownFormat
        }
        let outputEncoder = encoder ?? ImageEncoder.default(for: inputFormat)
        if chain.isEmpty, !recode, outputEncoder.format == inputFormat, let bytes = input.bytes {
            // Passed through without decoding, but never broken or oversized: what a decode would
            // refuse at its header, its framing or its size limits fails here too.
            try ImageDecoder.validate(bytes, limits: limits)
            return (bytes, inputFormat)
        }
        return (try outputEncoder.encode(try render(input, tile: tile)), outputEncoder.format)
    }

    /// The tile decoded and drawn on by the chain, not encoded (a frame of an animation).
    public func render(_ input: TileImage, tile: TileID?) throws -> Surface {
        var image = try input.surface(limits: limits)
        try chain.render(&image, context: RenderContext(tile: tile, scale: RenderContext.scale(forTileSide: image.width)))
        return image
    }
}
