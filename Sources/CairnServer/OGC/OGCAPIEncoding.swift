import Foundation
import Clusters
import Codecs

/// One encoding a tileset's tiles come in: the `f=` value that asks for it, its media type, and
/// the file extension of the route that answers it (`/tiles/…/{y}.png`, `/clusters/…/{y}.mvt`).
struct OGCAPIEncoding: Sendable, Equatable {
    let name: String
    let mediaType: String
    let fileExtension: String

    /// A map tile's encoding: `png`, `jpeg` or `webp`.
    init(_ format: ImageFormat) {
        name = format.rawValue
        mediaType = format.mimeType
        fileExtension = format.fileExtension
    }

    /// The Mapbox Vector Tile encoding, `mvt`.
    static let mvt = OGCAPIEncoding(name: "mvt", mediaType: VectorTile.mediaType, fileExtension: "mvt")

    private init(name: String, mediaType: String, fileExtension: String) {
        self.name = name
        self.mediaType = mediaType
        self.fileExtension = fileExtension
    }

    /// The encoding of `offered` (the default first) a request asks for: the one `f` names (a 400
    /// when it names none), else the one of `Accept`'s media types with the highest `q` (`*/*` and
    /// `image/*` are the default; a type offered beats a wildcard of the same `q`), else the default.
    static func choose(f: String?, accept: String?, offered: [OGCAPIEncoding]) throws(ServeError) -> OGCAPIEncoding {
        if let f {
            guard let named = offered.first(where: { $0.name == f }) else {
                throw .badRequest("f=\(f.prefix(32)) is not an encoding of this tileset (\(offered.map(\.name).joined(separator: ", ")))")
            }
            return named
        }
        var best: (encoding: OGCAPIEncoding, q: Double, exact: Bool)?
        for item in (accept ?? "").split(separator: ",") {
            let fields = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let type = fields.first?.lowercased(), !type.isEmpty else { continue }
            let q = fields.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            guard q > 0, q <= 1 else { continue }
            let candidate: (OGCAPIEncoding, Bool)
            if let exact = offered.first(where: { $0.mediaType == type }) {
                candidate = (exact, true)
            } else if type == "*/*" || (type.hasSuffix("/*") && offered[0].mediaType.hasPrefix(type.dropLast())) {
                candidate = (offered[0], false)
            } else {
                continue
            }
            if best == nil || q > best!.q || (q == best!.q && candidate.1 && !best!.exact) {
                best = (candidate.0, q, candidate.1)
            }
        }
        return best?.encoding ?? offered[0]
    }
}
