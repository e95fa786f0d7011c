import Foundation
import Tiles

/// Fuzz target `PMTilesRead`: a PMTiles archive read from a file by `PMTilesReader` — header, root
/// directory, metadata, leaf directories and tiles. Whatever the bytes, the reader throws or
/// answers; every entry it lists lies inside the tile data, and looking a listed tile up gives the
/// entry's bytes.
///
/// Seeds: Fuzz/Seeds/PMTilesRead
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPMTilesRead(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(data, size) { input in
        try Data(input.bytes).write(to: URL(fileURLWithPath: FuzzPMTiles.path))
        let reader = try PMTilesReader(path: FuzzPMTiles.path)
        _ = reader.header.bounds
        try FuzzPMTiles.wait {
            var entries: [PMTilesEntry] = []
            try await reader.forEachEntry { entry in
                if entries.count < 256 { entries.append(entry) }
            }
            for entry in entries {
                let bytes = try await reader.data(of: entry)
                fuzzCheck(bytes.count == Int(entry.length), "entry \(entry.tileID): \(bytes.count) bytes, not \(entry.length)")
                fuzzCheck(entry.offset + UInt64(entry.length) <= reader.header.tileDataLength, "entry \(entry.tileID) past the tile data")
                guard let tile = try? TileID(pmtilesID: entry.tileID) else { continue }
                let found = try await reader.tile(tile)
                fuzzCheck(found != nil, "listed tile \(tile) not found")
            }
        }
    }
}

enum FuzzPMTiles {
    /// This process's archive file, rewritten for each input.
    static let path = NSTemporaryDirectory() + "/cairn-fuzz-\(ProcessInfo.processInfo.processIdentifier).pmtiles"

    /// Runs `body` to its end from synchronous code.
    static func wait(_ body: @escaping @Sendable () async throws -> Void) throws {
        let semaphore = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var failure: (any Error)?
        Task {
            do { try await body() } catch { failure = error }
            semaphore.signal()
        }
        semaphore.wait()
        if let failure { throw failure }
    }
}
