import Canvas

/// One frame of an animation: a picture and how long it shows.
public struct AnimationFrame: Sendable {
    /// The picture, premultiplied ARGB32; every frame of an animation has the same size.
    public var surface: Surface
    /// How long the frame shows, 0 or more; the encoders keep it to the millisecond (rounded).
    public var delay: Duration

    /// A frame showing `surface` for `delay`.
    public init(_ surface: Surface, delay: Duration) {
        self.surface = surface
        self.delay = delay
    }

    /// A frame showing `surface` for `milliseconds`.
    public init(_ surface: Surface, milliseconds: Int) {
        self.init(surface, delay: .milliseconds(milliseconds))
    }

    /// ``delay`` in whole milliseconds, rounded to the nearest.
    var milliseconds: Int {
        let (seconds, attoseconds) = delay.components
        return Int(seconds) * 1000 + Int((attoseconds + 500_000_000_000_000) / 1_000_000_000_000_000)
    }

    /// Checks what every animation encoder needs: at least one frame, one size, no negative delay,
    /// a loop count in `0...maximumLoopCount`. Returns the size.
    static func validate(_ frames: [AnimationFrame], loopCount: Int, maximumLoopCount: Int,
                         name: String) throws(CodecError) -> (width: Int, height: Int) {
        guard let first = frames.first else { throw .encodeFailed("\(name): an animation needs at least one frame") }
        let width = first.surface.width, height = first.surface.height
        for (number, frame) in frames.enumerated() {
            guard frame.surface.width == width, frame.surface.height == height else {
                throw .encodeFailed("\(name): frame \(number) is \(frame.surface.width)x\(frame.surface.height), "
                                    + "frame 0 is \(width)x\(height)")
            }
            guard frame.delay >= .zero else { throw .encodeFailed("\(name): frame \(number) has a negative delay") }
        }
        guard (0...maximumLoopCount).contains(loopCount) else {
            throw .encodeFailed("\(name): the loop count \(loopCount) is outside 0…\(maximumLoopCount)")
        }
        return (width, height)
    }
}

/// Something that turns frames into an animated image of one format.
public protocol AnimationEncoder: Sendable {
    /// The format of the bytes ``encode(_:loopCount:)`` returns.
    var format: ImageFormat { get }
    /// Encodes the frames, shown in order, `loopCount` times (0: forever).
    func encode(_ frames: [AnimationFrame], loopCount: Int) throws(CodecError) -> [UInt8]
}
