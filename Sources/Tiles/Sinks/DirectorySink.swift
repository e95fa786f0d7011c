import Foundation
import Synchronization

/// Writes tiles as `root/z/x/y.ext`, each file whole or not at all (``AtomicFile``).
public final class DirectorySink: TileSink {
    public let root: String
    public let fileExtension: String
    /// The `z/x` directories known to exist, so each is created once.
    private let madeDirectories = Mutex(Set<String>())

    public init(root: String, fileExtension: String) throws(StorageError) {
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        } catch {
            throw StorageError("\(root): cannot create directory")
        }
        self.root = root
        self.fileExtension = fileExtension
    }

    public func path(for tile: TileID) -> String { "\(root)/\(tile.z)/\(tile.x)/\(tile.y).\(fileExtension)" }

    public func contains(_ tile: TileID) throws -> Bool { FileManager.default.fileExists(atPath: path(for: tile)) }

    public func write(_ tile: TileID, data: [UInt8]) throws {
        let directory = "\(root)/\(tile.z)/\(tile.x)"
        if !madeDirectories.withLock({ $0.contains(directory) }) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw StorageError("\(directory): cannot create directory")
            }
            _ = madeDirectories.withLock { $0.insert(directory) }
        }
        try AtomicFile.write(data, to: path(for: tile))
    }

    /// Files are complete as soon as they are renamed; there is nothing left to do.
    public func finish(describing tileset: TilesetDescription) throws {}
}
