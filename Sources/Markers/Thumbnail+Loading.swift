import Canvas
import Codecs
import Foundation

extension Card.Thumbnail {
    /// Reads and decodes a thumbnail file. A missing or undecodable file gives the placeholder and a
    /// warning saying why: the card is still useful without its picture.
    public static func load(path: String) -> (thumbnail: Card.Thumbnail, warning: String?) {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"
            return (.placeholder, "thumbnail '\(path)': \(reason); drawing a placeholder")
        }
        do {
            return (.image(try ImageDecoder.decode(Array(data))), nil)
        } catch {
            return (.placeholder, "thumbnail '\(path)': \(error); drawing a placeholder")
        }
    }
}
