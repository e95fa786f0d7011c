import Density
import Foundation
import Testing
import TestTier
import Tiles

/// The heatmap against its definition recomputed with numpy (`Tests/Support/heatmap_reference.py`,
/// in the test venv): every pixel within one colour level. The ramp is transparent to opaque blue,
/// so that a pixel's alpha is its colour level, round(255 · min(1, D / S)).
@Suite(.process) struct HeatmapReferenceTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Draws `tile` and asks numpy for the same levels; returns the largest difference.
    func largestDifference(_ points: HeatmapTestPoints, tile: TileID, scale: Int = 1, radius: Double, kernel: HeatmapKernel,
                           densityScale: Double) throws -> Int {
        var options = try HeatmapOptions(radius: "\(radius)", kernel: kernel.rawValue, ramp: "0:#0000ff00,1:#0000ff",
                                         scale: "\(densityScale)")
        options.weight = points.points.contains { $0.weight != nil } ? "w" : nil
        let surface = try points.heatmap.tile(TilePixels(tile: tile, scale: scale), options: options)
        let ours = HeatmapTestPoints.alphas(surface)
        let reference = try numpyLevels(points, tile: tile, scale: scale, radius: radius, kernel: kernel, densityScale: densityScale)
        #expect(reference.count == ours.count)
        #expect(reference.contains { $0 > 0 }, "the case draws something")
        return zip(ours, reference).map { abs($0 - $1) }.max() ?? 0
    }

    func numpyLevels(_ points: HeatmapTestPoints, tile: TileID, scale: Int, radius: Double, kernel: HeatmapKernel,
                     densityScale: Double) throws -> [Int] {
        try TestTier.requireProcesses("heatmap_reference.py")
        let python = Self.repositoryRoot.appendingPathComponent(".venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw ReferenceError(description: "\(python.path) is missing: run `make test` (or `scripts/test-venv.sh`) to make the test venv with numpy")
        }
        let caseJSON: [String: Any] = [
            "zoom": tile.z, "x": tile.x, "y": tile.y, "scale": scale, "radius": radius, "kernel": kernel.rawValue,
            "density_scale": densityScale, "points": points.points.map { [$0.longitude, $0.latitude, $0.weight ?? 1] },
        ]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-heatmap-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try JSONSerialization.data(withJSONObject: caseJSON).write(to: file)
        let process = Process()
        process.executableURL = python
        process.arguments = [Self.repositoryRoot.appendingPathComponent("Tests/Support/heatmap_reference.py").path, file.path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problem = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ReferenceError(description: "heatmap_reference.py exited with \(process.terminationStatus): \(String(decoding: problem, as: UTF8.self))")
        }
        return try JSONDecoder().decode([Int].self, from: data)
    }

    struct ReferenceError: Error, CustomStringConvertible {
        var description: String
    }

    @Test func isolatedPoints() throws {
        let tile = try TileID(z: 10, x: 550, y: 335)
        var points = HeatmapTestPoints()
        let bounds = tile.bounds
        for (fx, fy) in [(0.2, 0.3), (0.7, 0.6), (0.45, 0.9), (0.99, 0.02)] {
            points.points.append((bounds.west + fx * (bounds.east - bounds.west), bounds.south + fy * (bounds.north - bounds.south), nil))
        }
        #expect(try largestDifference(points, tile: tile, radius: 20, kernel: .quartic, densityScale: 1) <= 1)
    }

    @Test func overlappingWeightedPointsWithBothKernelsAt2x() throws {
        let tile = try TileID(z: 12, x: 2200, y: 1343)
        var points = HeatmapTestPoints.random(40, in: tile.bounds, seed: 7)
        for k in points.points.indices { points.points[k].weight = Double(k % 4) * 0.75 }
        for kernel in HeatmapKernel.allCases {
            #expect(try largestDifference(points, tile: tile, scale: 2, radius: 24, kernel: kernel, densityScale: 6) <= 1, "\(kernel)")
        }
    }

    @Test func aTileOfALargeShareOfTheWorldReadsEveryPoint() throws {
        // Zoom 1 (and its margin across the antimeridian): the points read in order at 32-bit positions.
        let points = HeatmapTestPoints.random(3000, in: try BoundingBox(west: -180, south: -80, east: 180, north: 80), seed: 5)
        #expect(try largestDifference(points, tile: try TileID(z: 1, x: 0, y: 0), radius: 20, kernel: .quartic, densityScale: 8) <= 1)
    }

    @Test func manyPointsDrawnThroughBinsStayWithinOneLevel() throws {
        // 20 000 points on a quarter of a tile's width, many to a pixel: the binned way (docs/density-maps.md).
        let tile = try TileID(z: 9, x: 275, y: 167)
        let bounds = tile.bounds
        let crowd = try BoundingBox(west: bounds.west + 0.3 * (bounds.east - bounds.west), south: bounds.south + 0.4 * (bounds.north - bounds.south),
                                    east: bounds.west + 0.55 * (bounds.east - bounds.west), north: bounds.south + 0.65 * (bounds.north - bounds.south))
        let points = HeatmapTestPoints.random(20_000, in: crowd, seed: 11)
        #expect(try largestDifference(points, tile: tile, radius: 20, kernel: .quartic, densityScale: 2500) <= 1)
        #expect(try largestDifference(points, tile: tile, radius: 20, kernel: .gaussian, densityScale: 4000) <= 1)
    }
}
