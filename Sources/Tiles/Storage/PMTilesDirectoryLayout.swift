import Codecs

/// The directories of an archive, compressed: the root alone when it fits in the first 16 kB with
/// the header (16 257 bytes), else a root of leaf pointers and the leaves. Leaves start at 4 096
/// entries each and grow by a fifth until the root fits, as the reference writer does.
struct PMTilesDirectoryLayout {
    let root: [UInt8]
    let leaves: [UInt8]
    /// How many leaf directories there are (0 when the root holds every entry).
    let leafCount: Int

    static let rootLimit = PMTilesHeader.firstFetch - PMTilesHeader.size

    init(_ entries: [PMTilesEntry], compress: ([UInt8]) -> [UInt8] = { Gzip.compress($0) }) {
        if entries.count < 16_384 {
            let root = compress(PMTilesDirectory.encode(entries[...]))
            if root.count <= Self.rootLimit {
                self.root = root
                leaves = []
                leafCount = 0
                return
            }
        }
        var leafSize = 4096
        while true {
            var pointers: [PMTilesEntry] = []
            var leaves: [UInt8] = []
            var start = 0
            while start < entries.count {
                let end = min(entries.count, start + leafSize)
                let leaf = compress(PMTilesDirectory.encode(entries[start..<end]))
                pointers.append(PMTilesEntry(tileID: entries[start].tileID, offset: UInt64(leaves.count),
                                             length: UInt32(leaf.count), runLength: 0))
                leaves += leaf
                start = end
            }
            let root = compress(PMTilesDirectory.encode(pointers[...]))
            if root.count <= Self.rootLimit {
                self.root = root
                self.leaves = leaves
                leafCount = pointers.count
                return
            }
            leafSize += leafSize / 5
        }
    }
}
