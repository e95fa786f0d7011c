import Tiles

/// Fuzz target `URLTemplates`: `URLTemplate`, a tile source's URL template (`{z} {x} {y} {-y} {s}
/// {q} {quadkey} {r} {scale}`); the first line is the template, the others its subdomains. A
/// template that parses expands for tiles at every zoom, and no `{` is left in a URL.
///
/// Seeds: Fuzz/Seeds/URLTemplates
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURLTemplates(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(data, size) { input in
        let lines = input.lines
        let template = try URLTemplate(lines[0], subdomains: lines.count > 1 ? Array(lines.dropFirst()) : ["a", "b", "c"])
        for z in [0, 1, 7, 19, TileID.maximumZoom] {
            let last = (1 << z) - 1
            for tile in [try TileID(z: z, x: 0, y: last), try TileID(z: z, x: last, y: last / 3)] {
                for scale in [1, 2] {
                    let url = template.url(for: tile, scale: scale)
                    fuzzCheck(!url.contains("{"), "'\(url)' from '\(template)' still has a placeholder")
                }
            }
        }
    }
}
