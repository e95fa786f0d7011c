import Codecs
import Synchronization

/// Reads a PMTiles v3 archive through a ``ByteRangeReader``: the header and root directory once at
/// open, leaf directories on demand and kept in a small cache, so a warm lookup costs one range
/// (the tile's). Every problem in the bytes is a thrown ``PMTilesError`` naming the archive.
public final class PMTilesReader: Sendable {
    public let name: String
    public let header: PMTilesHeader
    private let ranges: any ByteRangeReader
    private let root: [PMTilesEntry]
    private let leaves = Mutex(LeafCache())

    /// Leaf directories deeper than this are refused (the reference readers stop at 3 levels).
    static let maximumDepth = 4
    /// The most bytes a directory or the metadata may decompress to.
    static let decompressedLimit = 256 << 20

    /// The metadata rows (see ``PMTilesMetadataJSON``), read at open.
    public let metadata: [String: String]

    /// Opens the archive `ranges` reads (header, root directory, metadata); `name` (its path or URL)
    /// starts every error message.
    public convenience init(ranges: any ByteRangeReader, name: String) async throws(PMTilesError) {
        do throws(PMTilesError) {
            let header = try PMTilesHeader(parsing: try await ranges.read(offset: 0, length: PMTilesHeader.size))
            try Self.checkSizes(header)
            let root = try await ranges.read(offset: header.rootOffset, length: Int(header.rootLength))
            let metadata = try await ranges.read(offset: header.metadataOffset, length: Int(header.metadataLength))
            try self.init(ranges: ranges, name: name, header: header, root: root, metadata: metadata)
        } catch {
            throw error.naming(name)
        }
    }

    /// Opens the archive at `path` (synchronously: a local file needs no waiting).
    public convenience init(path: String) throws(PMTilesError) {
        do throws(PMTilesError) {
            let file = try LocalFileRanges(path: path)
            let header = try PMTilesHeader(parsing: try file.read(offset: 0, length: PMTilesHeader.size))
            try Self.checkSizes(header)
            let root = try file.read(offset: header.rootOffset, length: Int(header.rootLength))
            let metadata = try file.read(offset: header.metadataOffset, length: Int(header.metadataLength))
            let size = file.size
            for (what, offset, length) in [("leaf directories", header.leafOffset, header.leafLength),
                                           ("tile data", header.tileDataOffset, header.tileDataLength)] where offset + length > size {
                throw PMTilesError("\(what) at \(offset)+\(length) is past the end of the file (\(size) bytes)")
            }
            try self.init(ranges: file, name: path, header: header, root: root, metadata: metadata)
        } catch {
            throw error.naming(path)
        }
    }

    private init(ranges: any ByteRangeReader, name: String, header: PMTilesHeader, root: [UInt8], metadata: [UInt8]) throws(PMTilesError) {
        self.name = name
        self.ranges = ranges
        self.header = header
        self.root = try Self.directory(root, compression: header.internalCompression, what: "root directory")
        self.metadata = metadata.isEmpty ? [:] : try PMTilesMetadataJSON.decode(try Self.decompress(metadata, header.internalCompression, what: "metadata"))
    }

    private static func checkSizes(_ header: PMTilesHeader) throws(PMTilesError) {
        guard header.rootLength <= UInt64(decompressedLimit) else { throw PMTilesError("root directory of \(header.rootLength) bytes is too large") }
        guard header.metadataLength <= UInt64(decompressedLimit) else { throw PMTilesError("metadata of \(header.metadataLength) bytes is too large") }
    }

    /// The bytes stored for `tile` (compressed as ``PMTilesHeader/tileCompression`` says), or nil
    /// when the archive has no such tile.
    public func tile(_ tile: TileID) async throws(PMTilesError) -> [UInt8]? {
        do throws(PMTilesError) {
            guard let entry = try await entry(for: tile.pmtilesID) else { return nil }
            return try await data(of: entry)
        } catch {
            throw error.naming(name)
        }
    }

    /// The stored bytes of a tile entry, checked to lie inside the tile data.
    public func data(of entry: PMTilesEntry) async throws(PMTilesError) -> [UInt8] {
        guard entry.offset + UInt64(entry.length) <= header.tileDataLength else {
            throw PMTilesError("\(name): tile \(entry.tileID) at \(entry.offset)+\(entry.length) is past the end of the tile data")
        }
        do throws(PMTilesError) {
            return try await ranges.read(offset: header.tileDataOffset + entry.offset, length: Int(entry.length))
        } catch {
            throw error.naming(name)
        }
    }

    /// The entry that holds tile id `id`, following leaf pointers.
    private func entry(for id: UInt64) async throws(PMTilesError) -> PMTilesEntry? {
        var directory = root
        for _ in 0..<Self.maximumDepth {
            guard let found = Self.search(directory, for: id) else { return nil }
            if !found.isLeaf {
                return id - found.tileID < UInt64(found.runLength) ? found : nil
            }
            directory = try await leaf(found)
        }
        throw PMTilesError("leaf directories nested deeper than \(Self.maximumDepth) levels")
    }

    /// Calls `body` with every tile entry in tile-id order (leaf directories read in turn, not cached).
    public func forEachEntry(_ body: (PMTilesEntry) throws -> Void) async throws {
        try await walk(root, depth: 0, body)
    }

    private func walk(_ directory: [PMTilesEntry], depth: Int, _ body: (PMTilesEntry) throws -> Void) async throws {
        guard depth < Self.maximumDepth else { throw PMTilesError("\(name): leaf directories nested deeper than \(Self.maximumDepth) levels") }
        for entry in directory {
            if entry.isLeaf {
                do { try await walk(try await readLeaf(entry), depth: depth + 1, body) } catch let error as PMTilesError { throw error.naming(name) }
            } else {
                try body(entry)
            }
        }
    }

    private func leaf(_ pointer: PMTilesEntry) async throws(PMTilesError) -> [PMTilesEntry] {
        if let cached = leaves.withLock({ $0.get(pointer.offset) }) { return cached }
        let entries = try await readLeaf(pointer)
        leaves.withLock { $0.put(pointer.offset, entries) }
        return entries
    }

    private func readLeaf(_ pointer: PMTilesEntry) async throws(PMTilesError) -> [PMTilesEntry] {
        guard pointer.offset + UInt64(pointer.length) <= header.leafLength else {
            throw PMTilesError("leaf directory at \(pointer.offset)+\(pointer.length) is past the end of the leaf directories")
        }
        let bytes = try await ranges.read(offset: header.leafOffset + pointer.offset, length: Int(pointer.length))
        return try Self.directory(bytes, compression: header.internalCompression, what: "leaf directory")
    }

    /// The entries of a stored (compressed) directory.
    static func directory(_ stored: [UInt8], compression: PMTilesHeader.Compression, what: String) throws(PMTilesError) -> [PMTilesEntry] {
        do throws(PMTilesError) {
            return try PMTilesDirectory.decode(try decompress(stored, compression, what: what))
        } catch {
            throw PMTilesError("\(what): \(error.message)")
        }
    }

    static func decompress(_ bytes: [UInt8], _ compression: PMTilesHeader.Compression, what: String) throws(PMTilesError) -> [UInt8] {
        switch compression {
        case .none: return bytes
        case .gzip:
            do { return try Gzip.decompress(bytes, limit: decompressedLimit) } catch { throw PMTilesError("\(what): \(error)") }
        default: throw PMTilesError("\(what): \(compression) compression is not supported")
        }
    }

    /// The last entry whose tile id is at most `id` (binary search), nil when all start after it.
    static func search(_ entries: [PMTilesEntry], for id: UInt64) -> PMTilesEntry? {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].tileID <= id { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : entries[low - 1]
    }
}

/// The most recently read leaf directories, by offset (a few dozen: enough for a viewport).
struct LeafCache {
    static let capacity = 64
    private var entries: [UInt64: [PMTilesEntry]] = [:]
    private var order: [UInt64] = []

    func get(_ offset: UInt64) -> [PMTilesEntry]? { entries[offset] }

    mutating func put(_ offset: UInt64, _ directory: [PMTilesEntry]) {
        guard entries[offset] == nil else { return }
        if order.count >= Self.capacity { entries[order.removeFirst()] = nil }
        entries[offset] = directory
        order.append(offset)
    }
}
