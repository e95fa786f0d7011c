import Canvas

/// `blur`: a Gaussian blur of `radius` pixels at @1x (CSS `blur()`'s standard deviation), scaled
/// with the tile. Pixels beyond the tile's border count as copies of the border, so blurred tiles
/// meet their neighbours without dark seams.
public struct BlurRenderer: Renderer, Equatable {
    public var radius: Double
    public init(radius: Double = 2) { self.radius = radius }

    public func render(_ image: inout Surface, context: RenderContext) throws {
        image.blur(sigma: radius * context.scale, extendEdges: true)
    }
}
