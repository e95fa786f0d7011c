import Foundation

/// A file of tiles, one `z/x/y` per line (what `cairn render --tiles FILE` reads, and the failure
/// list a render writes). `z x y` and `z,x,y` work too, a trailing `.png`-style extension is
/// ignored, and blank lines and `#` comments are skipped.
///
/// Opening the file checks every line once (a bad line is reported with its number before any
/// work starts) and counts the tiles per zoom; iterating reads it again line by line, so the file
/// is never held in memory.
public struct TileListFile: Sendable {
    public let path: String
    /// Only tiles at these zooms are listed (all when nil).
    public let zooms: ClosedRange<Int>?
    public let shard: Shard
    /// Tiles per zoom in the shard, by zoom.
    public let countsPerZoom: [(zoom: Int, count: Int)]

    /// A line that is not a tile, or a file that cannot be read.
    public struct Invalid: Error, CustomStringConvertible, Sendable {
        public let problem: String
        init(_ problem: String) { self.problem = problem }
        public var description: String { problem }
    }

    public init(path: String, zooms: ClosedRange<Int>? = nil, shard: Shard = .whole) throws(Invalid) {
        self.path = path
        self.zooms = zooms
        self.shard = shard
        guard let reader = LineReader(path: path) else { throw Invalid("\(path): \(String(cString: strerror(errno)))") }
        var counts = [Int](repeating: 0, count: TileID.maximumZoom + 1)
        var position = 0
        while let line = reader.next() {
            let tile: TileID?
            do { tile = try Self.parse(line) } catch { throw Invalid("\(path):\(reader.lineNumber): \(error)") }
            guard let tile, zooms?.contains(tile.z) ?? true else { continue }
            if position % shard.count == shard.index { counts[tile.z] += 1 }
            position += 1
        }
        countsPerZoom = counts.enumerated().filter { $0.element > 0 }.map { (zoom: $0.offset, count: $0.element) }
    }

    /// Every tile the file lists at the chosen zooms (all shards; ``TileList`` picks the shard's).
    func makeIterator() -> AnyIterator<TileID> {
        guard let reader = LineReader(path: path) else { return AnyIterator { nil } }
        let zooms = self.zooms
        return AnyIterator {
            while let line = reader.next() {
                if let tile = try? Self.parse(line), zooms?.contains(tile.z) ?? true { return tile }
            }
            return nil
        }
    }

    /// The tile on one line, nil for a blank or comment line.
    static func parse(_ line: UnsafeBufferPointer<UInt8>) throws(TileID.Invalid) -> TileID? {
        var numbers = [0, 0, 0]
        var found = 0, digits = 0
        var index = 0
        func fail() -> TileID.Invalid {
            TileID.Invalid(problem: "'\(String(decoding: line, as: UTF8.self))' is not z/x/y")
        }
        while index < line.count {
            let byte = line[index]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard found < 3, digits < 10 else { throw fail() }
                numbers[found] = numbers[found] * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            case UInt8(ascii: "/"), UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                if digits > 0 { found += 1; digits = 0 }
            case UInt8(ascii: "#"):
                index = line.count
                continue
            case UInt8(ascii: "."):
                // An extension after the row (`3/4/2.png`) ends the tile.
                guard found == 2, digits > 0 else { throw fail() }
                found = 3; digits = 0
                index = line.count
                continue
            default:
                throw fail()
            }
            index += 1
        }
        if digits > 0 { found += 1 }
        if found == 0 { return nil }
        guard found == 3 else { throw fail() }
        return try TileID(z: numbers[0], x: numbers[1], y: numbers[2])
    }
}

/// Lines of a file read with `getline`, without their newline, as byte buffers valid until the next call.
final class LineReader {
    private let file: UnsafeMutablePointer<FILE>
    private var buffer: UnsafeMutablePointer<CChar>?
    private var capacity = 0
    private(set) var lineNumber = 0

    init?(path: String) {
        guard let file = fopen(path, "r") else { return nil }
        self.file = file
    }

    func next() -> UnsafeBufferPointer<UInt8>? {
        let length = getline(&buffer, &capacity, file)
        guard length >= 0, let buffer else { return nil }
        lineNumber += 1
        var end = length
        if end > 0 && buffer[end - 1] == 0x0A { end -= 1 }
        return UnsafeBufferPointer(start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: end)
    }

    deinit {
        fclose(file)
        free(buffer)
    }
}
