import Foundation
import Tiles

/// Where `cairn convert` writes: a PMTiles archive (spooled, laid out and renamed by its sink), an
/// MBTiles file (written under a temporary name beside it and renamed when complete) or a `z/x/y`
/// directory (each file whole).
struct ConvertOutput {
    let path: String
    let sink: any TileSink
    /// The MBTiles file being written before it is renamed to `path`.
    private let temporary: String?

    init(path: String, format: String) async throws {
        self.path = path
        do {
            switch TileArchive.kind(of: path) {
            case .pmtiles:
                sink = try await PMTilesSink(path: path)
                temporary = nil
            case .mbtiles:
                let directory = (path as NSString).deletingLastPathComponent
                let temporary = (directory.isEmpty ? "" : directory + "/") + ".\((path as NSString).lastPathComponent).tmp-\(getpid())"
                self.temporary = temporary
                sink = try MBTilesSink(path: temporary)
            case .directory:
                sink = try DirectorySink(root: path, fileExtension: format)
                temporary = nil
            }
        } catch let error as PMTilesError {
            throw CLIError.archive(error)
        } catch {
            let message = "\(error)"
            throw CLIError.io(message.hasPrefix(path) ? message : "\(path): \(message)")
        }
    }

    /// Records the tileset's description and puts the output in place.
    func finish(describing tileset: TilesetDescription) throws {
        try sink.finish(describing: tileset)
        if let temporary {
            guard rename(temporary, path) == 0 else { throw CLIError.io("\(path): \(String(cString: strerror(errno)))") }
        }
    }

    /// Leaves nothing behind after a failure (a directory keeps the whole tiles already written).
    func discard() {
        (sink as? PMTilesSink)?.discard()
        if let temporary {
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(temporary + suffix) }
        }
    }
}
