import Tiles

extension ServerConfig {
    /// An animated layer's frames (`layers.NAME.frames`): one source URL per frame, every frame
    /// through the layer's chain, shown `delay` each.
    public struct Frames: Sendable {
        /// What a frame the source does not have becomes.
        public enum Missing: String, Sendable {
            /// A transparent frame: the animation plays with a gap.
            case transparent
            /// The whole tile is a 404.
            case fail
        }

        /// The source template of each frame, in order.
        public var urls: [String]
        /// How long each frame shows, in milliseconds.
        public var delay: Int
        public var missing = Missing.transparent
        /// How many times the animation plays; 0 is forever.
        public var loops = 0
    }

    /// Reads `frames: {times: [T…], delay: 500ms}` (each time put into the source's `{t}`) or
    /// `frames: {urls: [TEMPLATE…], delay: …}`, with `missing: transparent|fail` and `loops: N`; or
    /// just the list of templates, `frames: [TEMPLATE…]`, shown 500 ms each.
    static func frames(_ node: ConfigNode, sourceURL: String, _ context: ConfigContext) throws -> Frames {
        var draft = FramesDraft()
        if node.node.sequence != nil {
            draft.urls = try templates(node, directory: context.directory)
        } else {
            try framesSection.read(node, into: &draft, context)
        }
        var frames = draft.frames
        switch (draft.times, draft.urls) {
        case (let times?, nil):
            guard sourceURL.contains("{t}") else { throw ConfigError(node.path + ".times", "the source url needs a {t} for the times") }
            frames.urls = times.map { sourceURL.replacingOccurrences(of: "{t}", with: $0) }
        case (nil, let urls?):
            frames.urls = urls
        default:
            throw ConfigError(node.path, "give either times (with {t} in the source url) or urls")
        }
        guard (1...100).contains(frames.urls.count) else { throw ConfigError(node.path, "an animation has 1 to 100 frames") }
        for (index, url) in frames.urls.enumerated() {
            do { _ = try URLTemplate(url) } catch { throw ConfigError(node.path + ".times[\(index)]", "\(error)") }
        }
        return frames
    }

    /// `frames` while it is read: the times or the URLs become the frames' URLs once both are known.
    private struct FramesDraft {
        var times: [String]?
        var urls: [String]?
        var frames = Frames(urls: [], delay: 500)
    }

    private static let framesSection = ConfigSection<FramesDraft>([
        "times": { draft, value, _ in draft.times = try value.strings() },
        "urls": { draft, value, context in draft.urls = try templates(value, directory: context.directory) },
        "delay": { draft, value, _ in draft.frames.delay = Int((try value.seconds(in: 0.01...60) * 1000).rounded()) },
        "missing": { draft, value, _ in
            guard let missing = Frames.Missing(rawValue: try value.string()) else { throw ConfigError(value.path, "expected transparent or fail") }
            draft.frames.missing = missing
        },
        "loops": { draft, value, _ in draft.frames.loops = try value.int(in: 0...65535) },
    ])

    /// A list of frame sources, each checked as `source.url` is.
    private static func templates(_ node: ConfigNode, directory: String) throws -> [String] {
        try node.list().map { item throws(ConfigError) in try sourceURL(try item.string(), path: item.path, directory: directory) }
    }
}
