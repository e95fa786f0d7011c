import Foundation
import RemoteTiles
import Tiles

/// `cairn filter ARCHIVE --tile Z/X/Y`: one tile taken from an MBTiles or PMTiles file.
enum ArchiveInput {
    /// Whether `location` names a local archive, by its path or its `file://` URL (``SourceKind``).
    static func isArchive(_ location: String) -> Bool { (try? SourceKind(location))?.isLocalArchive == true }

    /// The bytes of `tile` in the archive at `path`; errors name the file (no tile there: exit 65).
    static func tile(_ tile: TileID?, from path: String) async throws -> [UInt8] {
        guard let tile else { throw CLIError.usage("\(path): --tile Z/X/Y says which tile of the archive to filter") }
        let source: any TileSource
        do {
            source = try SourceLocation.open(path)
        } catch {
            throw CLIError.source(error, location: path)
        }
        let image: TileImage?
        do { image = try await source.tile(tile, scale: 1) } catch { throw CLIError.data("\(error)") }
        guard let bytes = image?.bytes else { throw CLIError.data("\(path): has no tile \(tile)") }
        return bytes
    }
}
