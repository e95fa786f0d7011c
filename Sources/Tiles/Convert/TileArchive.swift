import Codecs
import Foundation

/// A tile set read whole, for `cairn convert`: a `z/x/y.ext` directory tree, an MBTiles file or a
/// PMTiles archive, with its tile count, metadata rows (MBTiles-style) and tile format.
public final class TileArchive {
    public enum Kind: String, Sendable {
        case directory, mbtiles, pmtiles
    }

    public let path: String
    public let kind: Kind
    /// Tiles the input holds (for progress).
    public let count: Int
    /// Metadata rows as MBTiles stores them (empty for a directory).
    public let metadata: [String: String]
    /// `png`, `jpg`, `webp`, `pbf`… from the metadata, the PMTiles header or the files' extension; nil when unknown.
    public let format: String?
    private let mbtiles: MBTilesReader?
    private let pmtiles: PMTilesReader?
    private let files: [(TileID, String)]

    /// The kind of store a path names: `.mbtiles`, `.pmtiles`, else a directory.
    public static func kind(of path: String) -> Kind {
        path.hasSuffix(".mbtiles") ? .mbtiles : path.hasSuffix(".pmtiles") ? .pmtiles : .directory
    }

    /// Opens `path` for reading; errors name it (``StorageError`` for unreadable or corrupt
    /// MBTiles files and directories, ``PMTilesError`` for archives).
    public init(path: String) throws {
        self.path = path
        kind = Self.kind(of: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw StorageError("\(path): no such file or directory") }
        switch kind {
        case .mbtiles:
            guard !isDirectory.boolValue else { throw StorageError("\(path): is a directory") }
            let reader = try MBTilesReader(path: path)
            do {
                metadata = try reader.metadata()
                count = try reader.count()
            } catch {
                throw StorageError("\(path): not an MBTiles file (\(error))")
            }
            format = metadata["format"]
            mbtiles = reader; pmtiles = nil; files = []
        case .pmtiles:
            let reader = try PMTilesReader(path: path)
            metadata = reader.metadata
            count = Int(clamping: reader.header.addressedTiles)
            format = reader.header.tileType == .unknown ? metadata["format"] : reader.header.tileType.format
            pmtiles = reader; mbtiles = nil; files = []
        case .directory:
            guard isDirectory.boolValue else { throw StorageError("\(path): not a directory, .mbtiles or .pmtiles") }
            let found = try Self.walk(path)
            files = found.files
            count = files.count
            format = found.extensions.count == 1 ? found.extensions.first : found.extensions.sorted().first
            metadata = [:]
            mbtiles = nil; pmtiles = nil
        }
    }

    /// Calls `body` with every tile and its bytes, exactly as stored.
    public func forEachTile(_ body: (TileID, [UInt8]) throws -> Void) async throws {
        switch kind {
        case .mbtiles:
            try mbtiles!.forEachTile(body)
        case .pmtiles:
            let reader = pmtiles!
            var entries: [PMTilesEntry] = []
            try await reader.forEachEntry { entries.append($0) }
            for entry in entries {
                let bytes = try await reader.data(of: entry)
                for id in entry.tileID..<(entry.tileID + UInt64(entry.runLength)) {
                    let tile: TileID
                    do { tile = try TileID(pmtilesID: id) } catch { throw PMTilesError("\(path): tile id \(id) is beyond zoom \(TileID.maximumZoom)") }
                    try body(tile, bytes)
                }
            }
        case .directory:
            for (tile, file) in files {
                guard let data = FileManager.default.contents(atPath: file) else { throw StorageError("\(file): cannot read the file") }
                try body(tile, Array(data))
            }
        }
    }

    /// The `z/x/y.ext` files under `root`, in z, x, y order, and the extensions seen; other files are ignored.
    private static func walk(_ root: String) throws -> (files: [(TileID, String)], extensions: Set<String>) {
        let manager = FileManager.default
        var files: [(TileID, String)] = []
        var extensions = Set<String>()
        func numbered(_ path: String) -> [(Int, String)] {
            ((try? manager.contentsOfDirectory(atPath: path)) ?? []).compactMap { name in
                let stem = name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? name
                guard let number = Int(stem), number >= 0, String(number) == stem else { return nil }
                return (number, name)
            }.sorted { $0.0 < $1.0 }
        }
        for (z, zName) in numbered(root) where z <= TileID.maximumZoom && !zName.contains(".") {
            for (x, xName) in numbered(root + "/" + zName) where !xName.contains(".") {
                for (y, yName) in numbered(root + "/" + zName + "/" + xName) where yName.contains(".") {
                    guard let tile = try? TileID(z: z, x: x, y: y) else { continue }
                    extensions.insert((yName as NSString).pathExtension.lowercased())
                    files.append((tile, root + "/" + zName + "/" + xName + "/" + yName))
                }
            }
        }
        return (files, extensions)
    }
}
