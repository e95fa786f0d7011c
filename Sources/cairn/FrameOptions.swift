import ArgumentParser
import Codecs

/// Animated output, for `render` and `snapshot`: a source per frame (`--frames`, repeated) or the
/// `--source` template with one frame per time put into its `{t}` (`--times`), each frame shown
/// `--delay` ms, played `--loops` times.
struct FrameOptions: ParsableArguments {
    @Option(name: .customLong("frames"), help: ArgumentHelp("An animation: a source per frame, in order (repeat the option).", valueName: "SOURCE"))
    var frames: [String] = []

    @Option(help: ArgumentHelp("An animation of the --source template: one frame per time, put into its {t}.", valueName: "T1,T2,…"))
    var times: String?

    @Option(help: ArgumentHelp("With --frames or --times: milliseconds each frame shows.", valueName: "MS"))
    var delay = 500

    @Option(help: ArgumentHelp("With --frames or --times: how many times the animation plays (0: forever).", valueName: "N"))
    var loops = 0

    /// Each frame's source; nil for a still picture.
    func sources(source: String?) -> [String]? {
        if !frames.isEmpty { return frames }
        guard let times, let source else { return nil }
        return times.split(separator: ",").map { source.replacingOccurrences(of: "{t}", with: String($0)) }
    }

    /// The option that named the frames, for messages.
    var option: String { frames.isEmpty ? "--times" : "--frames" }

    /// Exactly one of `--source` and `--frames`; `--times` with a `{t}` in the source and only then.
    func validate(source: String?) throws {
        if (source == nil) == frames.isEmpty { throw ValidationError("give --source, or --frames once per frame of an animation") }
        if times != nil, source?.contains("{t}") != true { throw ValidationError("--times needs a --source template with {t}") }
        if source?.contains("{t}") == true, times == nil { throw ValidationError("the --source has a {t}: give the --times") }
        if times?.split(separator: ",").isEmpty == true { throw ValidationError("--times needs at least one time") }
        if !(10...60_000).contains(delay) { throw ValidationError("--delay must be from 10 to 60000 ms") }
        if !(0...65535).contains(loops) { throw ValidationError("--loops must be from 0 to 65535") }
    }

    /// The encoder of animations in `format`, named in errors by ``option``.
    func encoder(for format: ImageFormat, quality: Int?) throws -> any AnimationEncoder {
        switch format {
        case .png: APNGEncoder()
        case .webp: AnimatedWebPEncoder(quality: quality)
        case .jpeg: throw CLIError.usage("\(option): animations are png (APNG) or webp (animated WebP), not jpeg")
        }
    }
}
