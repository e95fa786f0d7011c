/// The 127-byte header that starts every PMTiles v3 archive: where the root directory, the
/// metadata, the leaf directories and the tile data are, how they are compressed, the tile type,
/// the counts, zooms, bounds and center. Little-endian throughout; positions in E7 degrees.
public struct PMTilesHeader: Equatable, Sendable {
    /// Bytes in a header, and the most that a reader fetches first (header + root directory).
    public static let size = 127
    public static let firstFetch = 16_384
    static let magic: [UInt8] = Array("PMTiles".utf8)

    /// Compression of the directories, the metadata or the tiles.
    public enum Compression: UInt8, Sendable {
        case unknown = 0, none = 1, gzip = 2, brotli = 3, zstd = 4
    }

    /// What the tiles are.
    public enum TileType: UInt8, Sendable {
        case unknown = 0, mvt = 1, png = 2, jpeg = 3, webp = 4, avif = 5

        /// The type an MBTiles / TileJSON `format` names (`png`, `jpg`, `webp`, `pbf`/`mvt`).
        public init(format: String) {
            switch format.lowercased() {
            case "png": self = .png
            case "jpg", "jpeg": self = .jpeg
            case "webp": self = .webp
            case "pbf", "mvt": self = .mvt
            case "avif": self = .avif
            default: self = .unknown
            }
        }

        /// The MBTiles `format` value and a file extension for this type.
        public var format: String {
            switch self {
            case .mvt: "pbf"
            case .png: "png"
            case .jpeg: "jpg"
            case .webp: "webp"
            case .avif: "avif"
            case .unknown: "bin"
            }
        }
    }

    public var rootOffset: UInt64 = 0
    public var rootLength: UInt64 = 0
    public var metadataOffset: UInt64 = 0
    public var metadataLength: UInt64 = 0
    public var leafOffset: UInt64 = 0
    public var leafLength: UInt64 = 0
    public var tileDataOffset: UInt64 = 0
    public var tileDataLength: UInt64 = 0
    public var addressedTiles: UInt64 = 0
    public var tileEntries: UInt64 = 0
    public var tileContents: UInt64 = 0
    public var clustered = true
    public var internalCompression = Compression.gzip
    public var tileCompression = Compression.none
    public var tileType = TileType.unknown
    public var minZoom: UInt8 = 0
    public var maxZoom: UInt8 = 0
    /// West, south, east, north in E7 degrees (degrees × 10 000 000).
    public var minLonE7: Int32 = -1_800_000_000
    public var minLatE7: Int32 = -850_511_287
    public var maxLonE7: Int32 = 1_800_000_000
    public var maxLatE7: Int32 = 850_511_287
    public var centerZoom: UInt8 = 0
    public var centerLonE7: Int32 = 0
    public var centerLatE7: Int32 = 0

    public init() {}

    /// The header's 127 bytes.
    public var bytes: [UInt8] {
        var out = Self.magic + [3]
        for value in [rootOffset, rootLength, metadataOffset, metadataLength, leafOffset, leafLength,
                      tileDataOffset, tileDataLength, addressedTiles, tileEntries, tileContents] {
            Self.append(value, bytes: 8, to: &out)
        }
        out += [clustered ? 1 : 0, internalCompression.rawValue, tileCompression.rawValue, tileType.rawValue, minZoom, maxZoom]
        for value in [minLonE7, minLatE7, maxLonE7, maxLatE7] { Self.append(UInt64(UInt32(bitPattern: value)), bytes: 4, to: &out) }
        out.append(centerZoom)
        for value in [centerLonE7, centerLatE7] { Self.append(UInt64(UInt32(bitPattern: value)), bytes: 4, to: &out) }
        return out
    }

    /// Parses the first 127 bytes of `bytes`; throws on a bad magic number, another version,
    /// unknown compression or sections whose ends overflow.
    public init(parsing bytes: [UInt8]) throws(PMTilesError) {
        guard bytes.count >= Self.size else { throw PMTilesError("truncated header (\(bytes.count) of \(Self.size) bytes)") }
        guard Array(bytes[0..<7]) == Self.magic else { throw PMTilesError("not a PMTiles archive (bad magic number)") }
        guard bytes[7] == 3 else { throw PMTilesError("PMTiles version \(bytes[7]) is not supported (only version 3)") }
        func u64(_ at: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) } }
        func i32(_ at: Int) -> Int32 { Int32(bitPattern: (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * UInt32($1)) }) }
        rootOffset = u64(8); rootLength = u64(16)
        metadataOffset = u64(24); metadataLength = u64(32)
        leafOffset = u64(40); leafLength = u64(48)
        tileDataOffset = u64(56); tileDataLength = u64(64)
        addressedTiles = u64(72); tileEntries = u64(80); tileContents = u64(88)
        clustered = bytes[96] == 1
        guard let internalValue = Compression(rawValue: bytes[97]), let tiles = Compression(rawValue: bytes[98]) else {
            throw PMTilesError("unknown compression \(bytes[97])/\(bytes[98])")
        }
        internalCompression = internalValue
        tileCompression = tiles
        tileType = TileType(rawValue: bytes[99]) ?? .unknown
        minZoom = bytes[100]; maxZoom = bytes[101]
        minLonE7 = i32(102); minLatE7 = i32(106); maxLonE7 = i32(110); maxLatE7 = i32(114)
        centerZoom = bytes[118]
        centerLonE7 = i32(119); centerLatE7 = i32(123)
        for (name, offset, length) in [("root directory", rootOffset, rootLength), ("metadata", metadataOffset, metadataLength),
                                       ("leaf directories", leafOffset, leafLength), ("tile data", tileDataOffset, tileDataLength)] {
            guard offset.addingReportingOverflow(length).overflow == false, offset + length < 1 << 62 else {
                throw PMTilesError("\(name) at \(offset)+\(length) is past any possible end")
            }
        }
        guard rootLength > 0 else { throw PMTilesError("empty root directory") }
    }

    /// The header's bounds in degrees, nil when they are not a valid box.
    public var bounds: BoundingBox? {
        try? BoundingBox(west: Double(minLonE7) / 1e7, south: Double(minLatE7) / 1e7,
                         east: Double(maxLonE7) / 1e7, north: Double(maxLatE7) / 1e7)
    }

    /// Sets bounds and center from degrees.
    mutating func setPosition(bounds: BoundingBox, center: (lon: Double, lat: Double, zoom: Int)) {
        minLonE7 = Self.e7(bounds.west); minLatE7 = Self.e7(bounds.south)
        maxLonE7 = Self.e7(bounds.east); maxLatE7 = Self.e7(bounds.north)
        centerLonE7 = Self.e7(center.lon); centerLatE7 = Self.e7(center.lat)
        centerZoom = UInt8(clamping: center.zoom)
    }

    static func e7(_ degrees: Double) -> Int32 { Int32(clamping: Int64((degrees * 1e7).rounded())) }

    private static func append(_ value: UInt64, bytes count: Int, to out: inout [UInt8]) {
        for index in 0..<count { out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
    }
}
