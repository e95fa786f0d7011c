/// The tiles a batch job works through, in order: every tile of a region over a zoom range (zoom by
/// zoom, row by row), or the `z/x/y` lines of a file or stream. Tiles are produced one at a time,
/// never held in memory together, so a job of millions of tiles costs no more memory than one of
/// ten. A list from a stream (a pipe, stdin) can be iterated only once.
///
/// A shard `I/N` keeps every N-th tile starting at the I-th (0-based), so N machines given the
/// same list and shards 0…N-1 split the job into disjoint parts of equal size with no coordinator.
public struct TileList: Sequence, Sendable {
    public enum Origin: Sendable {
        case region(BoundingBox, zooms: ClosedRange<Int>)
        case file(TileListFile)
    }

    public let origin: Origin
    public let shard: Shard

    /// The tiles of `box` at `zooms`, in `shard`.
    public init(region box: BoundingBox, zooms: ClosedRange<Int>, shard: Shard = .whole) {
        origin = .region(box, zooms: zooms)
        self.shard = shard
    }

    /// The tiles `file` lists (read with the same shard).
    public init(file: TileListFile) {
        origin = .file(file)
        shard = file.shard
    }

    /// The number of tiles at each zoom that has any, in this shard. Computed without listing a
    /// region's tiles; a regular file's were counted when it was opened, a stream's as it is read
    /// (see ``TileListFile/isStream``).
    public func countsPerZoom() -> [(zoom: Int, count: Int)] {
        switch origin {
        case .region(let box, let zooms):
            var counts: [(zoom: Int, count: Int)] = []
            var offset = 0
            for zoom in zooms {
                let total = box.tileRanges(zoom: zoom).reduce(0) { $0 + $1.count }
                let count = shard.count(in: offset..<(offset + total))
                offset += total
                if count > 0 { counts.append((zoom, count)) }
            }
            return counts
        case .file(let file):
            return file.countsPerZoom
        }
    }

    /// The number of tiles in this shard.
    public var count: Int { countsPerZoom().reduce(0) { $0 + $1.count } }

    public func makeIterator() -> AnyIterator<TileID> {
        let all: AnyIterator<TileID>
        switch origin {
        case .region(let box, let zooms):
            all = AnyIterator(zooms.lazy.flatMap { box.tileRanges(zoom: $0) }.joined().makeIterator())
        case .file(let file):
            return file.makeIterator()  // already this shard's
        }
        guard shard.count > 1 else { return all }
        var index = 0
        let shard = self.shard
        return AnyIterator {
            while let tile = all.next() {
                defer { index += 1 }
                if index % shard.count == shard.index { return tile }
            }
            return nil
        }
    }
}

/// Part `index` of `count` (0-based): the tiles whose position in the list is `index` modulo `count`.
public struct Shard: Equatable, Sendable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    public static let whole = Shard(unchecked: 0, 1)

    /// Parses `I/N` with 0 <= I < N.
    public init(parsing text: String) throws(Invalid) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw Invalid("'\(text)' is not I/N (for example 0/4)")
        }
        guard count >= 1, (0..<count).contains(index) else {
            throw Invalid("'\(text)': I must be in 0…N-1 and N at least 1")
        }
        self.init(unchecked: index, count)
    }

    init(unchecked index: Int, _ count: Int) {
        self.index = index
        self.count = count
    }

    /// How many positions in `positions` belong to this shard.
    func count(in positions: Range<Int>) -> Int { before(positions.upperBound) - before(positions.lowerBound) }

    /// How many positions in `0..<end` belong to this shard.
    private func before(_ end: Int) -> Int { end <= index ? 0 : (end - index - 1) / count + 1 }

    public var description: String { "\(index)/\(count)" }

    public struct Invalid: Error, CustomStringConvertible, Sendable {
        public let problem: String
        init(_ problem: String) { self.problem = problem }
        public var description: String { problem }
    }
}
