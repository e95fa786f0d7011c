/// What a finished tileset is: the description a ``TileSink`` records when a batch ends, so that map
/// viewers can set themselves up (which format, which area, which zooms, whose data). Each sink turns
/// it into what its output keeps: an MBTiles file its `metadata` table, a PMTiles archive its header
/// and JSON metadata; a directory or a cache keeps none of it.
public struct TilesetDescription: Equatable, Sendable {
    /// Whether the tiles are a map of their own or are drawn over another one.
    public enum Kind: String, Sendable {
        case baselayer, overlay
    }

    /// One layer of vector tiles, as TileJSON's `vector_layers` describes it.
    public struct VectorLayer: Equatable, Sendable {
        /// The layer's name in the tiles.
        public var id: String
        public var description: String
        public var minZoom: Int
        public var maxZoom: Int
        /// Each attribute its features carry, with its type (`Number`, `String`, `Boolean`).
        public var fields: [String: String]

        public init(id: String, description: String, minZoom: Int, maxZoom: Int, fields: [String: String]) {
            self.id = id
            self.description = description
            self.minZoom = minZoom
            self.maxZoom = maxZoom
            self.fields = fields
        }
    }

    /// The name viewers show.
    public var name: String
    /// The tiles' format as a file extension: `png`, `jpg`, `webp`, or `pbf` for vector tiles.
    public var format: String
    /// The longitude/latitude box the tiles cover. Viewers open the map at its middle, at ``minZoom``.
    public var bounds: BoundingBox?
    /// The lowest zoom level written.
    public var minZoom: Int?
    /// The highest zoom level written.
    public var maxZoom: Int?
    public var kind: Kind?
    /// A sentence on what the tiles show.
    public var description: String?
    /// The credit the map must show for its data.
    public var attribution: String?
    /// The layers of vector tiles (empty for raster tiles).
    public var vectorLayers: [VectorLayer]
    /// What the tilesets this one was made from said that none of the properties above holds, by
    /// their MBTiles metadata names, kept as they were (`cairn convert` carries its inputs' fields over).
    /// Their `center` replaces the middle of ``bounds``; a property above replaces its field here.
    public var inheritedFields: [String: String]

    public init(name: String, format: String, bounds: BoundingBox? = nil, minZoom: Int? = nil, maxZoom: Int? = nil,
                kind: Kind? = nil, description: String? = nil, attribution: String? = nil,
                vectorLayers: [VectorLayer] = [], inheritedFields: [String: String] = [:]) {
        self.name = name
        self.format = format
        self.bounds = bounds
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.kind = kind
        self.description = description
        self.attribution = attribution
        self.vectorLayers = vectorLayers
        self.inheritedFields = inheritedFields
    }
}
