/// How a batch makes one tile: what is fetched for it (async: a source may wait on the network),
/// then what a worker thread renders from that. ``BatchRender`` runs a recipe over a list of
/// tiles into a ``TileSink``: ``SourceRecipe`` for `cairn render`, the server's layers for seeding
/// its cache.
public protocol TileRecipe: Sendable {
    /// What a tile is rendered from.
    associatedtype Fetched: Sendable

    /// What `tile` is made from; nil when the source has no such tile (counted as "no tile").
    /// Throws when the tile cannot be had (counted as a failure; the job goes on).
    func fetch(_ tile: TileID) async throws -> Fetched?

    /// The tile, rendered and encoded from what ``fetch(_:)`` gave; called on a worker thread.
    func render(_ fetched: Fetched, tile: TileID) throws -> RenderedTile
}

/// A tile as a batch made it: its bytes, and what its source said about its freshness (a cache
/// stores it with them; files and archives keep the bytes only).
public struct RenderedTile: Sendable {
    public var bytes: [UInt8]
    /// Seconds the source says the tile stays fresh; nil when it says nothing.
    public var maxAge: Double?
    /// The source's validators (ETag, Last-Modified) for a later conditional fetch.
    public var validators: Validators
    /// The tiles an animation was made of, one per frame (nil where the frame's source has no
    /// tile): a cache stores them as tiles of their own too.
    public var frames: [RenderedTile?]

    public init(bytes: [UInt8], maxAge: Double? = nil, validators: Validators = Validators(), frames: [RenderedTile?] = []) {
        self.bytes = bytes
        self.maxAge = maxAge
        self.validators = validators
        self.frames = frames
    }
}
