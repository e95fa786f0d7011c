import Canvas
import Foundation
import Testing
import TestTier
@testable import Codecs

/// An animation as Pillow decodes it (`Tests/Support/anim_decode.py`): every frame as the whole canvas
/// after it is composited, straight RGBA.
struct DecodedAnimation: Decodable {
    var format: String
    var width: Int
    var height: Int
    var frames: Int
    /// 0 = forever; nil when the file has no loop count.
    var loop: Int?
    /// Milliseconds, as Pillow reports them.
    var durations: [Double]
    /// Base64 RGBA bytes, one entry a frame.
    var pixels: [String]

    /// Where frame `index` differs from `surface` beyond the tolerance: none for opaque pixels, ±1 a channel
    /// for translucent ones, alpha only for transparent ones. At most `limit` descriptions.
    func mismatches(frame index: Int, against surface: Surface, limit: Int = 5) -> [String] {
        guard width == surface.width, height == surface.height else {
            return ["decoded \(width)x\(height), expected \(surface.width)x\(surface.height)"]
        }
        let bytes = [UInt8](Data(base64Encoded: pixels[index]) ?? Data())
        guard bytes.count == 4 * width * height else { return ["frame \(index) has \(bytes.count) bytes"] }
        var found: [String] = []
        for (i, pixel) in surface.premultipliedPixels.enumerated() where found.count < limit {
            let want = RGBA8(premultiplied: pixel)
            let got = RGBA8(r: bytes[4 * i], g: bytes[4 * i + 1], b: bytes[4 * i + 2], a: bytes[4 * i + 3])
            let tolerance = want.a == 255 ? 0 : 1
            let wrong = want.a == 0 ? got.a != 0 : want.distance(to: got) > tolerance
            if wrong { found.append("frame \(index) (\(i % width), \(i / width)): \(got), expected \(want)") }
        }
        return found
    }
}

/// A reason the reference decoder could not decode an animation.
struct AnimationReferenceError: Error, CustomStringConvertible {
    var description: String
}

/// Runs `Tests/Support/anim_decode.py` with Pillow in the repository's test venv.
enum AnimationReference {
    static let root = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()
    static let python = root.appendingPathComponent(".venv/bin/python")
    static let script = root.appendingPathComponent("Tests/Support/anim_decode.py")

    /// Decodes `bytes`; throws (failing the test) when the venv is missing or Pillow rejects them.
    static func decode(_ bytes: [UInt8]) throws -> DecodedAnimation {
        try TestTier.requireProcesses("Pillow (anim_decode.py)")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw AnimationReferenceError(description: """
                \(python.path) is missing: run `make test` (or `scripts/test-venv.sh`) to make the test venv \
                with Pillow, which these tests decode animations with
                """)
        }
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-anim-\(UUID().uuidString)")
        try Data(bytes).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = python
        process.arguments = [script.path, input.path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let json = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw AnimationReferenceError(description: "anim_decode.py exited with \(process.terminationStatus): "
                                          + String(decoding: message, as: UTF8.self))
        }
        return try JSONDecoder().decode(DecodedAnimation.self, from: json)
    }
}

/// Frames made in the tests.
enum TestAnimations {
    /// A real map tile with an opaque square marker at (`x`, `y`): frames that differ in a small region.
    static func tileWithMarker(x: Int, y: Int, side: Int = 12) throws -> Surface {
        let surface = try ImageDecoder.decode(try Fixtures.tile(2, 1, 1))
        let context = Context(surface)
        context.rectangle(Rect(x: Double(x), y: Double(y), width: Double(side), height: Double(side)))
        context.setColor(Color(r: 220, g: 30, b: 40))
        context.fill()
        try context.checkStatus()
        return surface
    }

    /// The real tile under a translucent wash of hue `hue`: every pixel differs from frame to frame.
    static func washedTile(hue: Double) throws -> Surface {
        let surface = try ImageDecoder.decode(try Fixtures.tile(2, 1, 1))
        let context = Context(surface)
        context.setLinearGradient(from: Point(x: 0, y: 0), to: Point(x: 256, y: 256),
                                  stops: [(0, Color(hue: hue, saturation: 1, value: 1, alpha: 0.3)),
                                          (1, Color(hue: hue + 120, saturation: 1, value: 1, alpha: 0.3))])
        context.paint()
        try context.checkStatus()
        return surface
    }

    /// A translucent badge at (`x`, `y`) on a transparent `width` x `height` canvas.
    static func badge(at x: Int, _ y: Int, width: Int = 120, height: Int = 100) throws -> Surface {
        let surface = try Surface(width: width, height: height)
        Context(surface).draw(try TestImages.badge(size: 48), in: Rect(x: Double(x), y: Double(y), width: 48, height: 48))
        return surface
    }

    /// Expects `encoder` to refuse no frames, frames of two sizes, a negative delay and the `extra`
    /// cases (frames, loop count, a phrase the error names) with a ``CodecError``.
    static func expectRejections(by encoder: some AnimationEncoder, extra: [([AnimationFrame], Int, String)],
                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        let small = try TestImages.badge(size: 10), large = try TestImages.badge(size: 20)
        let cases: [([AnimationFrame], Int, String)] = [
            ([], 0, "at least one frame"),
            ([AnimationFrame(small, milliseconds: 1), AnimationFrame(large, milliseconds: 1)], 0, "frame 1 is 20x20"),
            ([AnimationFrame(small, milliseconds: -1)], 0, "negative delay"),
        ] + extra
        for (frames, loopCount, phrase) in cases {
            let error = #expect(throws: CodecError.self, sourceLocation: sourceLocation) {
                try encoder.encode(frames, loopCount: loopCount)
            }
            #expect(error?.description.contains(phrase) == true, "\(String(describing: error))", sourceLocation: sourceLocation)
        }
    }

    /// Milliseconds-delay frames.
    static func frames(_ surfaces: [Surface], milliseconds: [Int]) -> [AnimationFrame] {
        zip(surfaces, milliseconds).map { AnimationFrame($0, milliseconds: $1) }
    }
}
