import Tiles

/// What the upstream gave for a requested tile, before the chain: the tile itself, its parent to
/// scale up (an @2x request beyond the source's zooms), or its four children to stitch (an @2x
/// request from a source without hi-dpi tiles).
struct UpstreamTile: Sendable {
    enum Image: Sendable {
        case single(TileImage)
        case upscaled(TileImage)
        /// Top-left, top-right, bottom-left, bottom-right; nil where the source has no tile.
        case quad([TileImage?])
    }

    enum Body: Sendable {
        case image(Image)
        case notFound
        case notModified
    }

    let body: Body
    let maxAge: Double?
    let validators: Validators

    init(_ answer: SourceAnswer, upscale: Bool = false) {
        switch answer.body {
        case .tile(let image): body = .image(upscale ? .upscaled(image) : .single(image))
        case .noTile: body = .notFound
        case .notModified: body = .notModified
        }
        maxAge = answer.maxAge
        validators = upscale ? Validators() : answer.validators
    }

    /// Four children: found when any is; fresh as long as the shortest-lived; no validators (a
    /// stitched tile is fetched again rather than revalidated).
    init(children: [SourceAnswer]) {
        let images = children.map { answer -> TileImage? in
            if case .tile(let image) = answer.body { return image }
            return nil
        }
        body = images.allSatisfy { $0 == nil } ? .notFound : .image(.quad(images))
        maxAge = children.compactMap(\.maxAge).min()
        validators = Validators()
    }
}
