import Canvas
import Codecs
import Foundation
import Testing

/// Compares a rendering with a committed reference image: per channel within `tolerance`, with at
/// most `allowedShare` of the pixels differing more (font rasterisers and Cairo versions move
/// antialiased edges by a step). `CAIRN_UPDATE_GOLDEN=1 swift test` rewrites the references.
func expectMatchesGolden(_ image: Surface, named name: String, tolerance: Int = 3, allowedShare: Double = 0.005,
                         sourceLocation: SourceLocation = #_sourceLocation) throws {
    let path = repositoryRoot + "/Tests/Fixtures/golden/\(name).png"
    if ProcessInfo.processInfo.environment["CAIRN_UPDATE_GOLDEN"] == "1" {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(PNGEncoder().encode(image)).write(to: URL(fileURLWithPath: path))
        return
    }
    guard let data = FileManager.default.contents(atPath: path) else {
        Issue.record("no golden image \(path); run CAIRN_UPDATE_GOLDEN=1 swift test", sourceLocation: sourceLocation)
        return
    }
    let golden = try ImageDecoder.decode(Array(data))
    #expect(golden.width == image.width && golden.height == image.height,
            "\(name): \(image.width)x\(image.height), golden \(golden.width)x\(golden.height)", sourceLocation: sourceLocation)
    guard golden.width == image.width, golden.height == image.height else { return }
    var differing = 0
    var worst = 0
    for y in 0..<image.height {
        for x in 0..<image.width {
            let distance = image.pixel(x: x, y: y).distance(to: golden.pixel(x: x, y: y))
            worst = max(worst, distance)
            if distance > tolerance { differing += 1 }
        }
    }
    let share = Double(differing) / Double(image.width * image.height)
    #expect(share <= allowedShare, "\(name): \(differing) pixels differ by more than \(tolerance) (worst \(worst))",
            sourceLocation: sourceLocation)
}
