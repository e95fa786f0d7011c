import Canvas

/// An ordered list of renderers, itself a renderer (MapProxy's filter list, Hummingbird's middleware
/// fold). Adjacent colour filters are fused into one matrix, and so one pass over the pixels, when
/// the first never needs clamping (`grayscale|invert|brightness:0.8`); otherwise they run one after
/// the other, clamping between them as the spec's filter primitives do.
public struct RendererChain: Renderer {
    public let renderers: [any Renderer]

    public init(_ renderers: [any Renderer]) {
        var fused: [any Renderer] = []
        for renderer in renderers {
            if let next = renderer as? ColorMatrixFilter, let previous = fused.last as? ColorMatrixFilter,
               previous.matrix.staysInRange {
                fused[fused.count - 1] = ColorMatrixFilter(next.matrix.after(previous.matrix))
            } else if !(renderer is IdentityRenderer) {
                fused.append(renderer)
            }
        }
        self.renderers = fused
    }

    /// True when the chain changes nothing: the tile's bytes can pass through undecoded.
    public var isEmpty: Bool { renderers.isEmpty }

    public func render(_ image: inout Surface, context: RenderContext) throws {
        for renderer in renderers { try renderer.render(&image, context: context) }
    }
}

/// `identity`: changes nothing.
public struct IdentityRenderer: Renderer {
    public init() {}
    public func render(_ image: inout Surface, context: RenderContext) throws {}
}
