import Canvas
import Codecs
import Foundation
import Markers

/// The "Animated tiles" section: 10-frame 256 px tiles from frames already rendered (surfaces in
/// memory, as the server has them after the chain), encoded as APNG and animated WebP. The size
/// baseline is the sum of the frames' own PNGs from ``PNGEncoder``; the time baseline is encoding those
/// ten PNGs. `machineFactor` nil (the section run alone) leaves the targets unscaled.
struct AnimationBench {
    let machineFactor: Double?
    let tilePath: String

    func run() throws {
        Report.header("Animated tiles: 10 frames of a 256 px map tile, from rendered frames")
        let tile = try ImageDecoder.decode(Array(FileManager.default.contents(atPath: tilePath)!))
        let scale = machineFactor ?? 1
        let everywhere = try (0..<10).map { try washed(tile, hue: Double(36 * $0)) }
        let tinted = try (0..<10).map { try washed(tile, hue: Double(36 * $0), flat: true) }
        let marker = try BadgeStyle.google.layout(for: 42).render(scale: 1)
        let places = try (0..<10).map { try withBadge(tile, marker, at: 40 + 16 * $0) }
        let cases = [
            ("every frame differs everywhere (RGB)", everywhere, " (target ≤ 1.3x)"),
            ("a flat tint a frame (palette)", tinted, ""),
            ("a badge moving over the tile", places, " (target: far smaller)"),
        ]
        for (name, surfaces, sizeTarget) in cases {
            let frames = surfaces.map { AnimationFrame($0, milliseconds: 100) }
            let apng = Measurement.run("APNG, \(name)", iterations: 40, warmup: 4) {
                consume(try? APNGEncoder().encode(frames))
            }
            let stills = Measurement.run("  baseline: the 10 frames as PNGs", iterations: 40, warmup: 4) {
                for surface in surfaces { consume(try? PNGEncoder().encode(surface)) }
            }
            Report.row(apng, baseline: stills, target: String(format: "≤ 10 ms (%.1f here)", 10 * scale))
            let bytes = try APNGEncoder().encode(frames)
            let stillSize = try surfaces.reduce(0) { $0 + (try PNGEncoder().encode($1).count) }
            let layout = ["2": "RGB", "3": "indexed", "6": "RGBA"][String(bytes[25])] ?? "?"
            Report.note(String(format: "sizes: APNG (%@) %d B, the frames' own PNGs %d B: %.2fx%@", layout, bytes.count,
                               stillSize, Double(bytes.count) / Double(stillSize), sizeTarget))
            let webp = Measurement.run("animated WebP (lossless), \(name)", iterations: 5, warmup: 1) {
                consume(try? AnimatedWebPEncoder().encode(frames))
            }
            let lossy = Measurement.run("animated WebP (quality 75), \(name)", iterations: 5, warmup: 1) {
                consume(try? AnimatedWebPEncoder(quality: 75).encode(frames))
            }
            Report.row(webp, baseline: nil, target: "")
            Report.row(lossy, baseline: nil, target: "")
            Report.note("sizes: WebP lossless \(try AnimatedWebPEncoder().encode(frames).count) B, "
                        + "quality 75 \(try AnimatedWebPEncoder(quality: 75).encode(frames).count) B")
        }
    }

    /// The tile under a translucent wash of hue `hue`: a gradient (thousands of colours), or `flat`.
    private func washed(_ tile: Surface, hue: Double, flat: Bool = false) throws -> Surface {
        let surface = try tile.copy()
        let context = Context(surface)
        let start = Color(hue: hue, saturation: 1, value: 1, alpha: 0.3)
        context.setLinearGradient(from: Point(x: 0, y: 0), to: Point(x: 256, y: 256),
                                  stops: [(0, start), (1, flat ? start : Color(hue: hue + 120, saturation: 1, value: 1, alpha: 0.3))])
        context.paint()
        try context.checkStatus()
        return surface
    }

    /// The tile with `badge` drawn at (`x`, `x`).
    private func withBadge(_ tile: Surface, _ badge: Surface, at x: Int) throws -> Surface {
        let surface = try tile.copy()
        Context(surface).draw(badge, in: Rect(x: Double(x), y: Double(x), width: Double(badge.width), height: Double(badge.height)))
        return surface
    }
}
