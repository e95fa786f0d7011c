/// One map tile in the XYZ scheme used by OSM, Google and MapLibre: zoom `z` (0...30), column `x`
/// from the antimeridian eastwards, row `y` from the north down, both in `0..<2^z`.
public struct TileID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let z: Int
    public let x: Int
    public let y: Int

    /// The deepest zoom Cairn accepts: 2^30 tiles a side still fits comfortably in an `Int`.
    public static let maximumZoom = 30

    public struct Invalid: Error, Equatable, CustomStringConvertible, Sendable {
        public let problem: String
        public var description: String { problem }
    }

    /// A tile, checked: `z` in 0...30, `x` and `y` in `0..<2^z`.
    public init(z: Int, x: Int, y: Int) throws(Invalid) {
        guard (0...TileID.maximumZoom).contains(z) else {
            throw Invalid(problem: "zoom \(z) is outside 0...\(TileID.maximumZoom)")
        }
        let size = 1 << z
        guard (0..<size).contains(x), (0..<size).contains(y) else {
            throw Invalid(problem: "tile \(z)/\(x)/\(y) is outside the \(size)x\(size) grid of zoom \(z)")
        }
        self.init(unchecked: z, x, y)
    }

    /// A tile whose coordinates the caller has already checked.
    init(unchecked z: Int, _ x: Int, _ y: Int) {
        self.z = z
        self.x = x
        self.y = y
    }

    /// A tile from TMS coordinates, whose rows count from the south.
    public init(z: Int, x: Int, tmsY: Int) throws(Invalid) {
        guard (0...TileID.maximumZoom).contains(z) else {
            throw Invalid(problem: "zoom \(z) is outside 0...\(TileID.maximumZoom)")
        }
        try self.init(z: z, x: x, y: (1 << z) - 1 - tmsY)
    }

    /// Parses `z/x/y` (an optional leading `/` and a trailing extension such as `.png` are allowed).
    public init(path: String) throws(Invalid) {
        var text = Substring(path)
        if text.hasPrefix("/") { text = text.dropFirst() }
        if let dot = text.lastIndex(of: "."), !text[dot...].contains("/") { text = text[..<dot] }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, let z = Int(parts[0]), let x = Int(parts[1]), let y = Int(parts[2]) else {
            throw Invalid(problem: "'\(path)' is not a tile like 3/4/2")
        }
        try self.init(z: z, x: x, y: y)
    }

    /// The row in the TMS scheme (MBTiles stores these): rows counted from the south.
    public var tmsY: Int { (1 << z) - 1 - y }

    /// The tile one zoom out that contains this one; nil at zoom 0.
    public var parent: TileID? { z == 0 ? nil : TileID(unchecked: z - 1, x >> 1, y >> 1) }

    /// The four tiles one zoom in, in row order; empty at the maximum zoom.
    public var children: [TileID] {
        guard z < TileID.maximumZoom else { return [] }
        return [(0, 0), (1, 0), (0, 1), (1, 1)].map { TileID(unchecked: z + 1, 2 * x + $0.0, 2 * y + $0.1) }
    }

    /// The ancestor at zoom `zoom` (≤ z).
    public func ancestor(atZoom zoom: Int) -> TileID {
        precondition(zoom >= 0 && zoom <= z, "ancestor zoom \(zoom) must be in 0...\(z)")
        return TileID(unchecked: zoom, x >> (z - zoom), y >> (z - zoom))
    }

    /// `z/x/y`.
    public var description: String { "\(z)/\(x)/\(y)" }

    /// Orders by zoom, then row, then column: the order a renderer walks a region in.
    public static func < (a: TileID, b: TileID) -> Bool { (a.z, a.y, a.x) < (b.z, b.y, b.x) }
}
