import Foundation
import Tiles

/// Fuzz target `TileList`: `TileListFile`, the list `cairn render --tiles FILE` reads (`z/x/y`,
/// `z x y`, `z,x,y`, extensions, comments), read from a file through `LineReader`. The first byte
/// chooses a zoom range and a shard. Every tile listed is on the grid, inside the zoom range, and as
/// many are listed as were counted.
///
/// Seeds: Fuzz/Seeds/TileList
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTileList(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(data, size) { input in
        let (choice, rest) = input.choice
        try Data(rest).write(to: URL(fileURLWithPath: FuzzTileList.path))
        let zooms = choice & 1 == 0 ? nil : Int(choice >> 4)...Int(choice >> 4) + 3
        let shard = try Shard(parsing: "\(Int(choice >> 1 & 3) % 3)/3")
        let list = TileList(file: try TileListFile(path: FuzzTileList.path, zooms: zooms, shard: shard))
        var listed = 0
        for tile in list {
            fuzzCheck(zooms?.contains(tile.z) ?? true, "tile \(tile) outside zooms \(String(describing: zooms))")
            fuzzCheck(tile.x < 1 << tile.z && tile.y < 1 << tile.z, "tile \(tile) off the grid")
            listed += 1
        }
        fuzzCheck(listed == list.count, "listed \(listed) tiles, counted \(list.count)")
    }
}

enum FuzzTileList {
    /// This process's list file, rewritten for each input.
    static let path = NSTemporaryDirectory() + "/cairn-fuzz-tiles-\(ProcessInfo.processInfo.processIdentifier).txt"
}
