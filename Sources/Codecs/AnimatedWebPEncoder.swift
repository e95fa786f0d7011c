import Canvas
internal import CCodecs

/// Writes animated WebP images with libwebp's animation encoder (`WebPAnimEncoder`), lossless by
/// default. libwebp stores each frame as the rectangle that changed and merges a frame equal to the one
/// before into it (its duration grows). Pixels are un-premultiplied first (round(c × 255 / a)), so a
/// lossless frame decodes back to the same premultiplied pixels. Delays are kept to the millisecond.
/// Sides are limited to 16383 pixels, loop counts to 65535.
public struct AnimatedWebPEncoder: AnimationEncoder, Equatable, Hashable {
    /// nil for lossless frames; else lossy frames (VP8, lossless alpha) at this quality, 0…100 (clamped).
    public var quality: Int?
    /// libwebp's speed/size trade-off, 0 (fastest) to 6 (smallest); clamped. Default 0: on ten
    /// 256 px map-tile frames that differ everywhere, libwebp's own default 4 took 15 times as long
    /// (0.48 s against 32 ms) for lossless files 27 % smaller; lossy, 4 times as long for 15 % smaller.
    public var method: Int

    /// An encoder writing lossless frames, or lossy ones at `quality`, at `method`.
    public init(quality: Int? = nil, method: Int = 0) {
        self.quality = quality
        self.method = method
    }

    /// The effort libwebp spends on lossless frames (its `quality` then), as ``WebPEncoder`` and
    /// `WebPEncodeLossless` use it.
    static let losslessEffort = 70

    /// Always ``ImageFormat/webp``.
    public var format: ImageFormat { .webp }

    /// The largest loop count an animated WebP holds.
    public static let maximumLoopCount = 65535

    /// Encodes the frames, shown in order, `loopCount` times (0: forever).
    public func encode(_ frames: [AnimationFrame], loopCount: Int = 0) throws(CodecError) -> [UInt8] {
        let (width, height) = try AnimationFrame.validate(frames, loopCount: loopCount,
                                                          maximumLoopCount: Self.maximumLoopCount, name: "animated WebP")
        let setting = Float(min(max(quality ?? Self.losslessEffort, 0), 100))
        guard let anim = ccodecs_webp_anim_create(UInt32(width), UInt32(height), Int32(loopCount), setting,
                                                  quality == nil ? 1 : 0, Int32(min(max(method, 0), 6))) else {
            throw .encodeFailed("\(format): libwebp cannot make a \(width)x\(height) animation (out of memory or too large)")
        }
        defer { ccodecs_webp_anim_destroy(anim) }
        var timestamp = 0
        for frame in frames {
            let status = frame.surface.withPixels { pixels, stride in
                ccodecs_webp_anim_add(anim, pixels.baseAddress!, stride, Int32(clamping: timestamp))
            }
            guard status == CCODECS_OK else { throw failure(anim) }
            timestamp += frame.milliseconds
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard ccodecs_webp_anim_finish(anim, Int32(clamping: timestamp), &output, &size) == CCODECS_OK, let output else {
            throw failure(anim)
        }
        defer { ccodecs_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    private func failure(_ anim: OpaquePointer) -> CodecError {
        .encodeFailed("\(format): " + CodecError.phrase(String(cString: ccodecs_webp_anim_message(anim))))
    }
}
