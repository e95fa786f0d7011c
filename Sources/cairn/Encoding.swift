import Canvas
import Codecs

/// PNG bytes for a rendered surface, with Cairn's fast writer and its default settings.
func encodePNG(_ surface: Surface) throws -> [UInt8] {
    do {
        return try PNGEncoder().encode(surface)
    } catch {
        throw CLIError.io("encoding PNG: \(error)")
    }
}
