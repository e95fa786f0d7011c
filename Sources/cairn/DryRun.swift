import Codecs
import Foundation
import Tiles

/// `cairn render --dry-run`: `z=Z tiles=N` per zoom and `total N tiles, estimated SIZE`, on stdout.
/// A tile list from a stream (a pipe, stdin) is read through once here to be counted.
/// The size is the average of a few sample tiles fetched and rendered through the chain (no-tile
/// samples count as empty), within a time budget; when none arrives in time, a typical tile size
/// for the format is used and a warning says so.
struct DryRun {
    let plan: RenderPlan
    let quiet: Bool
    /// Tiles fetched and rendered for the estimate.
    static let sampleCount = 8
    /// Seconds the samples may take together.
    static let budget = 1.2

    func run() async throws {
        if let file = plan.file {
            do { try file.readToEnd() } catch { throw TileListFile.cliError(error) }
            file.warnIfNoTiles()
        }
        let counts = plan.list.countsPerZoom()
        let total = counts.reduce(0) { $0 + $1.count }
        var lines = counts.map { "z=\($0.zoom) tiles=\($0.count)" }
        let perTile: Double
        if let sampled = await sampledSizes() {
            perTile = Double(sampled.reduce(0, +)) / Double(sampled.count)
            if !quiet && total > 0 && sampled.allSatisfy({ $0 == 0 }) {
                Terminal.warning("the source has none of the \(sampled.count) sample tiles; the estimate counts missing tiles as empty")
            }
        } else {
            perTile = Self.typicalSize(plan.format)
            if !quiet && total > 0 {
                Terminal.warning("no sample tile could be rendered in \(Self.budget) s; the size assumes \(ByteCount.format(perTile)) per tile")
            }
        }
        lines.append("total \(total) tiles, estimated \(ByteCount.format(perTile * Double(total)))")
        print(lines.joined(separator: "\n"))
    }

    /// Output bytes of each sample that finished in time (0 for "no tile"), nil when none did.
    private func sampledSizes() async -> [Int]? {
        let samples = plan.list.samples(Self.sampleCount)
        guard !samples.isEmpty else { return nil }
        let source = plan.source, processor = plan.processor, scale = plan.scale
        return await withTaskGroup(of: Int?.self) { group -> [Int]? in
            for tile in samples {
                group.addTask {
                    do {
                        guard let image = try await source.tile(tile, scale: scale) else { return 0 }
                        return try processor.process(image, tile: tile).bytes.count
                    } catch {
                        return nil
                    }
                }
            }
            let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(Self.budget * 1e9)
            group.addTask {
                try? await Task.sleep(nanoseconds: UInt64(Self.budget * 1e9))
                return nil
            }
            var sizes: [Int] = []
            while let size = await group.next() {
                if let size { sizes.append(size) }
                if sizes.count == samples.count || DispatchTime.now().uptimeNanoseconds >= deadline { break }
            }
            group.cancelAll()
            return sizes.isEmpty ? nil : sizes
        }
    }

    /// An assumed size for a 256 px street-map tile at city zooms in each format, used only when no
    /// sample arrives in time (the warning says so). The corpus's low-zoom tiles are far smaller
    /// (medians 1.1 kB PNG, 2.3 kB JPEG, 0.6 kB WebP) because they are mostly sea.
    static func typicalSize(_ format: ImageFormat) -> Double {
        switch format {
        case .png: 12_000
        case .jpeg: 16_000
        case .webp: 8_000
        }
    }
}
