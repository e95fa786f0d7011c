/// One directory entry: `runLength` tiles from `tileID` on whose bytes are the `length` bytes at
/// `offset` (from the start of the tile data), or, with a run length of 0, a leaf directory at
/// `offset` (from the start of the leaf directories) covering the tile ids from `tileID` on.
public struct PMTilesEntry: Equatable, Sendable {
    public var tileID: UInt64
    public var offset: UInt64
    public var length: UInt32
    public var runLength: UInt32

    public init(tileID: UInt64, offset: UInt64, length: UInt32, runLength: UInt32) {
        self.tileID = tileID
        self.offset = offset
        self.length = length
        self.runLength = runLength
    }

    /// True for an entry that points at a leaf directory.
    public var isLeaf: Bool { runLength == 0 }
}
