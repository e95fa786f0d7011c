import Codecs
import Foundation

/// Writes a PMTiles v3 archive: tiles go to a `PMTilesSpool` beside the output as they come, in
/// any order; ``finish(describing:)`` sorts them by tile id, folds runs of identical consecutive
/// tiles into one entry, lays the distinct contents out once each in tile-id order (a clustered
/// archive), writes header, root directory, metadata, leaf directories and tile data to a
/// temporary file and renames it into place. A run that is killed leaves no archive, only the
/// spool, which `resume` reads back. Writing a tile twice keeps the last bytes.
///
/// Not thread-safe: one writer thread owns it (``PMTilesSink`` puts a lock around it).
public final class PMTilesWriter {
    public let path: String
    private let spool: PMTilesSpool
    private var present: Set<UInt64>?

    /// Starts the archive at `path`. With `resume`, what a killed run spooled is kept.
    public init(path: String, resume: Bool = false) throws(PMTilesError) {
        self.path = path
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        spool = try PMTilesSpool(path: (directory.isEmpty ? "" : directory + "/") + ".\(name).spool", recover: resume)
    }

    /// Tiles stored so far (a tile written twice counts twice).
    public var tileCount: Int { spool.records.count }

    /// Stores one tile.
    public func write(_ tile: TileID, data: [UInt8]) throws(PMTilesError) {
        guard data.count <= Int(UInt32.max) else { throw PMTilesError("\(path): tile \(tile) is larger than 4 GB", kind: .io) }
        try spool.add(tile.pmtilesID, data)
        present?.insert(tile.pmtilesID)
    }

    /// True when `tile` was written (in this run, or spooled by the run being resumed).
    public func contains(_ tile: TileID) -> Bool {
        if present == nil { present = Set(spool.records.map(\.tileID)) }
        return present!.contains(tile.pmtilesID)
    }

    /// Adds every tile of an archive that this one does not have yet (`--resume` after a run that
    /// finished, or one stopped by Ctrl-C: its tiles are in the archive, not in a spool).
    public func add(from reader: PMTilesReader) async throws {
        var wanted: [PMTilesEntry] = []
        try await reader.forEachEntry { entry in
            for id in entry.tileID..<(entry.tileID + UInt64(entry.runLength)) where !contains(try TileID(pmtilesID: id)) {
                wanted.append(PMTilesEntry(tileID: id, offset: entry.offset, length: entry.length, runLength: 1))
            }
        }
        for entry in wanted {
            try spool.add(entry.tileID, try await reader.data(of: entry))
            present?.insert(entry.tileID)
        }
    }

    /// Writes the archive and removes the spool. `tileset` is fitted to the tiles written
    /// (``TilesetDescription/fitted(to:)``): the header's and the metadata's zooms, bounds and centre are
    /// those of the tiles the archive holds. The header's tile type is what `tileset.format` names; vector
    /// tiles are marked gzip-compressed when every tile is gzipped (as tippecanoe writes them). The JSON
    /// metadata holds the fitted description's MBTiles-style rows (``PMTilesMetadataJSON``).
    public func finish(describing description: TilesetDescription) throws(PMTilesError) {
        var records = spool.records
        records.sort { $0.tileID < $1.tileID }  // stable: of a tile written twice, the last stays last
        var unique: [PMTilesSpool.Record] = []
        unique.reserveCapacity(records.count)
        for record in records {
            if let last = unique.last, last.tileID == record.tileID { unique[unique.count - 1] = record } else { unique.append(record) }
        }
        records = []
        var coverage = TileCoverage()
        for record in unique {
            if let tile = try? TileID(pmtilesID: record.tileID) { coverage.add(tile) }
        }
        let tileset = description.fitted(to: coverage)
        // Lay the distinct contents out in tile-id order of their first use; build run-length entries.
        var placed: [UInt64: UInt64] = [:]
        var copies: [(spoolOffset: UInt64, length: UInt32)] = []
        var entries: [PMTilesEntry] = []
        var dataLength: UInt64 = 0
        for record in unique {
            let offset: UInt64
            if let known = placed[record.offset] {
                offset = known
            } else {
                offset = dataLength
                placed[record.offset] = offset
                copies.append((record.offset, record.length))
                dataLength += UInt64(record.length)
            }
            if var last = entries.last, last.offset == offset, last.length == record.length,
               last.tileID + UInt64(last.runLength) == record.tileID, last.runLength < UInt32.max {
                last.runLength += 1
                entries[entries.count - 1] = last
            } else {
                entries.append(PMTilesEntry(tileID: record.tileID, offset: offset, length: record.length, runLength: 1))
            }
        }
        placed = [:]
        let layout = PMTilesDirectoryLayout(entries)
        let rows = tileset.mbtilesRows
        let metadataBytes = Gzip.compress(PMTilesMetadataJSON.encode(rows: rows))

        var header = PMTilesHeader()
        header.tileType = PMTilesHeader.TileType(format: tileset.format)
        header.tileCompression = header.tileType == .mvt ? (spool.allGzipped && !unique.isEmpty ? .gzip : .none) : .none
        header.rootOffset = UInt64(PMTilesHeader.size)
        header.rootLength = UInt64(layout.root.count)
        header.metadataOffset = header.rootOffset + header.rootLength
        header.metadataLength = UInt64(metadataBytes.count)
        header.leafOffset = header.metadataOffset + header.metadataLength
        header.leafLength = UInt64(layout.leaves.count)
        header.tileDataOffset = header.leafOffset + header.leafLength
        header.tileDataLength = dataLength
        header.addressedTiles = UInt64(unique.count)
        header.tileEntries = UInt64(entries.count)
        header.tileContents = UInt64(copies.count)
        header.clustered = true
        header.internalCompression = .gzip
        header.minZoom = UInt8(clamping: tileset.minZoom ?? 0)
        header.maxZoom = UInt8(clamping: tileset.maxZoom ?? 0)
        Self.position(&header, rows: rows)
        unique = []
        try write(header.bytes + layout.root + metadataBytes + layout.leaves, copies: copies)
        spool.remove()
    }

    /// Gives up: removes the spool and writes no archive.
    public func discard() { spool.remove() }

    /// Bounds and center from the metadata rows (the last of each wins); the world and its middle otherwise.
    private static func position(_ header: inout PMTilesHeader, rows: [(String, String)]) {
        func numbers(_ name: String) -> [Double] {
            guard let value = rows.last(where: { $0.0 == name })?.1 else { return [] }
            return value.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }.filter(\.isFinite)
        }
        let box = numbers("bounds")
        let bounds = box.count == 4 ? (try? BoundingBox(west: box[0], south: box[1], east: box[2], north: box[3])) : nil
        let world = try! BoundingBox(west: -180, south: -85.0511287, east: 180, north: 85.0511287)
        let center = numbers("center")
        let zoom = center.count == 3 ? Int(max(0, min(30, center[2]))) : Int(header.minZoom)
        let area = bounds ?? world
        var longitude = (area.west + (area.crossesAntimeridian ? area.east + 360 : area.east)) / 2
        if longitude > 180 { longitude -= 360 }
        let middle = center.count >= 2 ? (center[0], center[1]) : (longitude, (area.south + area.north) / 2)
        header.setPosition(bounds: area, center: (middle.0, middle.1, zoom))
    }

    /// Writes `head` and then the tile contents copied from the spool to a temporary file beside
    /// the archive, then renames it over the archive.
    private func write(_ head: [UInt8], copies: [(spoolOffset: UInt64, length: UInt32)]) throws(PMTilesError) {
        let directory = (path as NSString).deletingLastPathComponent
        let temporary = (directory.isEmpty ? "" : directory + "/") + ".\((path as NSString).lastPathComponent).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw PMTilesError("\(path): \(String(cString: strerror(errno)))", kind: .io) }
        func failure() -> PMTilesError { PMTilesError("\(path): \(String(cString: strerror(errno)))", kind: .io) }
        do throws(PMTilesError) {
            guard AtomicFile.writeAll(head, to: fd) else { throw failure() }
            var buffer: [UInt8] = []
            buffer.reserveCapacity(1 << 22)
            for copy in copies {
                try spool.read(offset: copy.spoolOffset, length: Int(copy.length), into: &buffer)
                if buffer.count >= 1 << 22 {
                    guard AtomicFile.writeAll(buffer, to: fd) else { throw failure() }
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            guard AtomicFile.writeAll(buffer, to: fd) else { throw failure() }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        guard close(fd) == 0, rename(temporary, path) == 0 else {
            let error = failure()
            unlink(temporary)
            throw error
        }
    }
}
