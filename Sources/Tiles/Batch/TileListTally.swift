/// What reading a tile list found: its lines, the tiles they hold, the tiles per zoom in the chosen
/// zoom range and shard, and a few tiles spread over the list for estimates. Filled as the list is
/// read, in constant memory whatever its length.
public struct TileListTally: Sendable {
    /// Lines read, blank and comment lines included.
    public internal(set) var lines = 0
    /// Lines holding a tile, at any zoom.
    public internal(set) var tiles = 0
    /// Tiles in the zoom range (in every shard).
    public internal(set) var inZooms = 0
    /// The lowest and highest zoom of the tiles listed, nil before the first.
    public internal(set) var zoomsListed: ClosedRange<Int>?
    /// True once the list has been read to its end.
    public internal(set) var complete = false
    private var perZoom = [Int](repeating: 0, count: TileID.maximumZoom + 1)
    private var spread = EvenSample<TileID>(capacity: 64)

    /// The number of tiles at each zoom that has any, in the zoom range and shard.
    public var countsPerZoom: [(zoom: Int, count: Int)] {
        perZoom.enumerated().filter { $0.element > 0 }.map { (zoom: $0.offset, count: $0.element) }
    }

    /// The tiles in the zoom range and shard.
    public var count: Int { perZoom.reduce(0, +) }

    /// Up to `n` (at most 32) of the tiles in the zoom range and shard, spread evenly over the list.
    func samples(_ n: Int) -> [TileID] { spread.pick(n) }

    mutating func addLine() { lines += 1 }

    mutating func addTile(_ tile: TileID, inZooms: Bool, inShard: Bool) {
        tiles += 1
        zoomsListed = zoomsListed.map { min($0.lowerBound, tile.z)...max($0.upperBound, tile.z) } ?? tile.z...tile.z
        guard inZooms else { return }
        self.inZooms += 1
        guard inShard else { return }
        perZoom[tile.z] += 1
        spread.add(tile)
    }
}
