/// A list of tiles, one `z/x/y` per line (what `cairn render --tiles FILE` reads, and the failure
/// list a render writes). `z x y` and `z,x,y` work too, a trailing `.png`-style extension is
/// ignored, and blank lines and `#` comments are skipped.
///
/// The list is read one line at a time and never held in memory, from a regular file or from a
/// *stream*: a pipe, a FIFO, a process substitution (`<(…)`), `/dev/stdin`, or stdin given as `-`.
/// A regular file is read twice: once when opened, to check every line (a bad line is reported with
/// its number before any work starts) and count the tiles, then by iterating. A stream can be read
/// only once: it is counted as it is iterated (or by ``readToEnd()``), and a bad line ends the
/// iteration early and is kept in ``problem``.
public struct TileListFile: Sendable {
    /// The path as given (`-` for stdin).
    public let path: String
    /// Only tiles at these zooms are listed (all when nil).
    public let zooms: ClosedRange<Int>?
    public let shard: Shard
    private let cursor: TileListCursor

    /// A line that is not a tile, or a list that cannot be read.
    public struct Invalid: Error, CustomStringConvertible, Sendable {
        public let problem: String
        /// The number of the bad line; nil when the list could not be opened or read.
        public let line: Int?
        init(_ problem: String, line: Int? = nil) {
            self.problem = problem
            self.line = line
        }
        public var description: String { problem }
    }

    /// Opens the list at `path` (stdin for `-`; a FIFO waits here for its writer). A regular file
    /// is read through at once and its first bad line thrown.
    public init(path: String, zooms: ClosedRange<Int>? = nil, shard: Shard = .whole) throws(Invalid) {
        self.path = path
        self.zooms = zooms
        self.shard = shard
        let name = Self.name(of: path)
        let reader: LineReader
        do { reader = try LineReader(path: path) } catch { throw Invalid("\(name): cannot open (\(error.reason))") }
        cursor = TileListCursor(reader: reader, name: name, zooms: zooms, shard: shard)
        if !cursor.isStream { try cursor.readToEnd() }
    }

    /// Reads no more lines: an iteration waiting for a stream's next line ends at once, as if the
    /// list ended there (but its ``tally`` is not complete). For a job told to stop (SIGTERM).
    public func stopReading() { cursor.stopReading() }

    /// How the list is named in messages: its path, or `stdin` for `-`.
    public var name: String { Self.name(of: path) }

    private static func name(of path: String) -> String { path == "-" ? "stdin" : path }

    /// True when the list can be read only once (not a regular file): until it has been read, its
    /// tiles are not counted and its lines not checked.
    public var isStream: Bool { cursor.isStream }

    /// What has been read: all of a regular file from the start; of a stream, what has been read so far.
    public var tally: TileListTally { cursor.tally }

    /// Tiles per zoom in the zoom range and shard (of a stream, those read so far).
    public var countsPerZoom: [(zoom: Int, count: Int)] { tally.countsPerZoom }

    /// The bad line, or the read failure, that ended an iteration early; nil when it read to the end.
    public var problem: Invalid? { cursor.problem }

    /// Reads what is left of a stream without yielding its tiles, so that ``tally`` knows them all
    /// (`--dry-run` on a pipe). A regular file was read when it was opened: nothing to do.
    public func readToEnd() throws(Invalid) {
        if isStream { try cursor.readToEnd() }
    }

    /// Why a list that has lines yields no tile (`no tiles at zooms 5-6: its 12 tiles are at zooms 0-4`);
    /// nil when it yields some, is empty, or has not been read to its end.
    public var noTilesReason: String? {
        let tally = self.tally
        guard tally.complete, tally.lines > 0, tally.count == 0 else { return nil }
        guard let listed = tally.zoomsListed else {
            return "no tiles: \(Self.counted(tally.lines, "line")), all blank or comments"
        }
        if tally.inZooms == 0, let zooms {
            return "no tiles at \(Self.describe(zooms)): its \(Self.counted(tally.tiles, "tile")) \(tally.tiles == 1 ? "is" : "are") at \(Self.describe(listed))"
        }
        return "no tiles in shard \(shard): only \(Self.counted(tally.inZooms, "tile")) " + (zooms.map { "at \(Self.describe($0))" } ?? "listed")
    }

    private static func describe(_ zooms: ClosedRange<Int>) -> String {
        zooms.count == 1 ? "zoom \(zooms.lowerBound)" : "zooms \(zooms.lowerBound)-\(zooms.upperBound)"
    }

    private static func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// The tiles of this shard at the chosen zooms: a regular file's from its first line, a stream's
    /// from where it was left. One iteration at a time.
    func makeIterator() -> AnyIterator<TileID> { cursor.iterate() }

    /// Up to `n` tiles spread evenly over what has been read (all of a regular file).
    func samples(_ n: Int) -> [TileID] { tally.samples(n) }
}
