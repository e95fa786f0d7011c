import Foundation

/// Tiles read from a `z/x/y.ext` directory tree (what `cairn render --out DIR` writes), trying the
/// extensions in order. A missing file is "no tile".
public struct DirectorySource: TileSource {
    public let root: String
    public let extensions: [String]

    public init(root: String, extensions: [String] = ["png", "jpg", "jpeg", "webp"]) throws(SourceError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SourceError("\(root): not a directory")
        }
        self.root = root
        self.extensions = extensions
    }

    public func tile(_ id: TileID, scale: Int) async throws -> TileImage? {
        for ext in extensions {
            if let bytes = try FileTemplateSource.read("\(root)/\(id.z)/\(id.x)/\(id.y).\(ext)", tile: id) { return .encoded(bytes) }
        }
        return nil
    }
}
