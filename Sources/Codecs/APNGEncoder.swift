import Canvas

/// Writes animated PNGs (APNG) with Cairn's PNG writer.
///
/// Small by construction: a frame after the first stores only the rectangle where it differs from the
/// frame before (`fcTL` offsets, `dispose_op` NONE, `blend_op` SOURCE, so the rectangle's pixels
/// replace the canvas's exactly, translucent ones included); a frame equal to the one before is not
/// written but adds its delay to that one; all frames share one lossless layout chosen as
/// ``PNGEncoder`` chooses it (an indexed palette with `tRNS` when the pixels written, over all frames,
/// hold at most 256 colours; else RGB when they are all opaque; else RGBA), filtered and compressed
/// with its options. Delays are exact to the millisecond (`delay_num`/`delay_den` = ms/1000 in lowest
/// terms). A single frame (or frames all alike) gives a one-frame APNG, still with `acTL` and `fcTL`, so
/// its delay and loop count stay in the file; viewers without APNG support show it as a plain PNG.
/// The output is deterministic. Thread-safe like ``PNGEncoder``.
public struct APNGEncoder: AnimationEncoder, Equatable, Hashable {
    /// The still-image options every frame is written with.
    public var png: PNGEncoder

    /// An encoder with the given PNG options.
    public init(png: PNGEncoder = PNGEncoder()) {
        self.png = png
    }

    /// Always ``ImageFormat/png``.
    public var format: ImageFormat { .png }

    /// The largest loop count an APNG holds (`num_plays` is 32 bits).
    public static let maximumLoopCount = Int(UInt32.max)

    /// Encodes the frames, shown in order, `loopCount` times (0: forever).
    public func encode(_ frames: [AnimationFrame], loopCount: Int = 0) throws(CodecError) -> [UInt8] {
        let (width, height) = try AnimationFrame.validate(frames, loopCount: loopCount,
                                                          maximumLoopCount: Self.maximumLoopCount, name: "APNG")
        return try PixelRows.withAll(frames.map(\.surface)[...]) { (images) throws(CodecError) in
            let plan = Self.plan(frames, images: images)
            return try PNGWriter.withContext(level: png.level) { (context) throws(CodecError) in
                let regions = plan.map { images[$0.image].cropped(to: $0.control.region) }
                let (layout, indices) = PNGLayout.shared(by: regions, allowIndexed: png.allowIndexed, context: context)
                var written: [APNGWriter.Frame] = []
                var offset = 0
                for (step, region) in zip(plan, regions) {
                    let (data, count) = try layout.compress(region, indices: indices + offset, options: png, context: context)
                    written.append(APNGWriter.Frame(control: step.control, data: Array(UnsafeBufferPointer(start: data, count: count))))
                    offset += region.width * region.height
                }
                return APNGWriter.assemble(width: width, height: height, layout: layout, frames: written, loopCount: loopCount)
            }
        }
    }

    /// The frames to write: the first whole, each later one as its changed region, identical
    /// consecutive frames merged into one with their delays summed.
    private static func plan(_ frames: [AnimationFrame], images: [PixelRows]) -> [(image: Int, control: APNGFrameControl)] {
        var steps: [(image: Int, region: ChangedRegion, milliseconds: Int)] = [
            (0, .whole(width: images[0].width, height: images[0].height), frames[0].milliseconds),
        ]
        for index in frames.indices.dropFirst() {
            if let region = ChangedRegion.between(images[index - 1], images[index]) {
                steps.append((index, region, frames[index].milliseconds))
            } else {
                steps[steps.count - 1].milliseconds += frames[index].milliseconds
            }
        }
        return steps.map { ($0.image, APNGFrameControl(region: $0.region, milliseconds: $0.milliseconds)) }
    }
}
